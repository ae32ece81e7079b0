/**
 * 'What's my car worth?' (/value): linked from the footer, a car valued by make, model and year
 * or by its VIN, the range and the listings it rests on, a car it cannot value, and 'List it
 * for …' leading a visitor who is not signed in to the login page, on the way to Add product.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';

function valueApi(asked: URLSearchParams[]) {
  server.use(
    http.get(`${API}/value`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (query.get('model') === 'Roadster') {
        return HttpResponse.json({ value: null, reason: 'Not enough similar cars to value it' });
      }
      return HttpResponse.json({
        value: 31_420,
        low: 27_900,
        high: 35_300,
        comparables: 214,
        basis: 'model',
        car: { make: 'Tesla', model: 'model 3', modelYear: 2020 },
      });
    }),
  );
}

type User = ReturnType<typeof userEvent.setup>;
const type = async (user: User, label: string, text: string) => {
  await user.type(screen.getByLabelText(label), text);
};

describe('the valuation page (/value)', () => {
  it("is where the footer's 'Trade-in valuation' leads", async () => {
    const { router } = renderApp('/blogs');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Trade-in valuation' })).toHaveAttribute(
      'href',
      '/value',
    );
    await act(() => router.navigate('/value'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'What’s my car worth?' }),
    ).toBeInTheDocument();
  });

  it("values a car, and 'List it for …' asks a visitor to sign in on the way", async () => {
    const asked: URLSearchParams[] = [];
    valueApi(asked);
    const signedOut = makeStore({
      preloadedState: {
        auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
      },
    });
    const { router } = renderApp('/value', { store: signedOut });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await type(user, 'Make', 'Tesla');
    await type(user, 'Model', 'Model 3');
    await type(user, 'Model year', '2020');
    await type(user, 'Mileage (miles)', '40,000');
    await user.selectOptions(screen.getByLabelText('Condition'), 'Good');
    await user.click(screen.getByRole('button', { name: 'Value my car' }));
    const result = screen.getByRole('region', { name: 'Valuation' });
    expect(await within(result).findByText('$27,900 – $35,300')).toBeInTheDocument();
    expect(
      within(result).getByText('Market value about $31,400 (from 214 similar cars)'),
    ).toBeInTheDocument();
    expect(Object.fromEntries(asked[0]!)).toEqual({
      make: 'Tesla',
      model: 'Model 3',
      year: '2020',
      mileage: '40000',
      condition: 'Good',
    });
    const list = within(result).getByRole('link', { name: 'List it for $31,400' });
    expect(list).toHaveAttribute(
      'href',
      '/dashboad/add-products?make=Tesla&model=Model+3&year=2020&mileage=40000&condition=Good&price=31400',
    );
    await user.click(list);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Signed in, the login page goes back to Add product with the car in its query.
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/dashboad/add-products', search: expect.stringContaining('price=31400') },
    });
  });

  it('values a car by its VIN, and says why it cannot value another', async () => {
    const asked: URLSearchParams[] = [];
    valueApi(asked);
    renderApp('/value');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1 });
    await type(user, 'VIN (or make, model and year)', '5YJ3E1EA7LF000001');
    await type(user, 'Mileage (miles)', '40000');
    await user.click(screen.getByRole('button', { name: 'Value my car' }));
    const result = screen.getByRole('region', { name: 'Valuation' });
    expect(await within(result).findByText('2020 Tesla model 3')).toBeInTheDocument();
    expect(asked[0]!.get('vin')).toBe('5YJ3E1EA7LF000001');
    expect(asked[0]!.has('make')).toBe(false);

    await user.clear(screen.getByLabelText('VIN (or make, model and year)'));
    await type(user, 'Make', 'Tesla');
    await type(user, 'Model', 'Roadster');
    await type(user, 'Model year', '2010');
    await user.click(screen.getByRole('button', { name: 'Value my car' }));
    expect(
      await within(result).findByText('Not enough similar cars to value it'),
    ).toBeInTheDocument();
  });
});
