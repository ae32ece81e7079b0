/**
 * The price guide in Add product: the market value once the car is described, the rating the
 * price would get as it changes, and 'Not enough similar cars' when there is no value.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import { enter, renderAsSeller, sellerApi } from './addProductTestSetup';

/** The server's answer for a 2020 Model 3 (value $31,400 from 214 cars), rating the price. */
function valueApi(asked: URLSearchParams[]) {
  server.use(
    http.get(`${API}/value`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      if (query.get('model') !== 'Model 3') {
        return HttpResponse.json({ value: null, reason: 'Not enough similar cars to value it' });
      }
      const price = query.get('price');
      const ratio = price ? Number(price) / 31_400 : null;
      const rating =
        ratio === null
          ? undefined
          : ratio <= 0.9
            ? 'great'
            : ratio <= 0.97
              ? 'good'
              : ratio <= 1.06
                ? 'fair'
                : 'high';
      return HttpResponse.json({
        value: 31_400,
        low: 28_000,
        high: 35_000,
        comparables: 214,
        basis: 'model',
        ...(rating ? { rating } : {}),
      });
    }),
  );
}

async function describeCar(user: ReturnType<typeof userEvent.setup>, model: string) {
  await screen.findByLabelText('Product name');
  await user.click(screen.getByRole('combobox', { name: 'Condition' }));
  await user.click(screen.getByRole('option', { name: 'Good' }));
  await enter(user, 'Model', model);
  await enter(user, 'Model year', '2020');
  await enter(user, 'Mileage (miles)', '40,000');
}

describe('the price guide', () => {
  it('shows the market value, then the rating of the price as it changes', async () => {
    sellerApi();
    const asked: URLSearchParams[] = [];
    valueApi(asked);
    renderAsSeller();
    const user = userEvent.setup();
    await describeCar(user, 'Model 3');
    const guide = screen.getByRole('status', { name: 'Price guide' });
    expect(guide).toHaveAttribute('aria-live', 'polite');
    expect(
      await within(guide).findByText('Market value about $31,400 (from 214 similar cars)'),
    ).toBeInTheDocument();
    expect(asked.at(-1)?.get('make')).toBe('Tesla');
    expect(asked.at(-1)?.get('mileage')).toBe('40000');
    expect(asked.at(-1)?.get('condition')).toBe('Good');

    await enter(user, 'Selling price', '29000');
    expect(await within(guide).findByText('At $29,000: Good deal')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Selling price'));
    await enter(user, 'Selling price', '36000');
    expect(await within(guide).findByText('At $36,000: High price')).toBeInTheDocument();
    expect(within(guide).getByText(/Market value about \$31,400/)).toBeInTheDocument();
  });

  it("says 'Not enough similar cars to value it' for a car it cannot value", async () => {
    sellerApi();
    valueApi([]);
    renderAsSeller();
    const user = userEvent.setup();
    const guide = await screen.findByRole('status', { name: 'Price guide' });
    expect(guide).toHaveTextContent(/Enter the category, model, model year, mileage and condition/);
    await describeCar(user, 'Roadster');
    expect(
      await within(guide).findByText('Not enough similar cars to value it'),
    ).toBeInTheDocument();
  });

  it("opens filled in with the car 'List it for …' sends, and values it", async () => {
    sellerApi();
    valueApi([]);
    renderAsSeller(
      '?make=tesla&model=Model%203&year=2020&mileage=40000&condition=Good&price=31400',
    );
    const guide = await screen.findByRole('status', { name: 'Price guide' });
    expect(screen.getByLabelText('Model')).toHaveValue('Model 3');
    expect(screen.getByLabelText('Model year')).toHaveValue('2020');
    expect(screen.getByLabelText('Selling price')).toHaveValue('31400');
    expect(screen.getByLabelText('Product name')).toHaveValue('2020 Tesla Model 3');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveTextContent('Good');
    expect(await within(guide).findByText('At $31,400: Fair price')).toBeInTheDocument();
  });
});
