import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { CarDetails } from '../../lib/api';
import { COMPARE_KEY } from '../../lib/compare/compareList';
import { makeCar } from '../../testing/car';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';

const tesla = makeCar({
  _id: 'car-1',
  carName: 'Tesla Model 3 Long Range',
  resalePrice: 38500,
  modelYear: 2021,
  mileage: 24000,
  model: 'Model 3',
  trim: null,
  fuel: 'Electric',
  fairPrice: { rating: 'great', median: 42700, comparables: 12 },
});
const bmw = makeCar({
  _id: 'car-2',
  carName: 'BMW 330i',
  categoryName: 'BMW',
  make: 'BMW',
  resalePrice: 31200,
  modelYear: 2019,
  mileage: 48000,
  model: '3 Series',
  trim: '330i',
  fuel: 'Gasoline',
  sold: true,
  fairPrice: null,
  marketValue: null,
  seller: { ...makeCar().seller, name: 'Bea Seller', verified: false },
});

function serve(...found: CarDetails[]) {
  server.use(
    http.get(`${API}/products/:id`, ({ params }) => {
      const car = found.find((one) => one._id === params.id);
      return car
        ? HttpResponse.json(car)
        : HttpResponse.json({ message: 'id: no such product' }, { status: 404 });
    }),
  );
}

const signedOut = () =>
  makeStore({
    preloadedState: {
      auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
    },
  });

/** The row's cells after its name, as text. */
function row(name: string): string[] {
  const header = screen.getByRole('rowheader', { name });
  return [...(header.closest('tr') as HTMLElement).querySelectorAll('td')].map(
    (cell) => cell.textContent ?? '',
  );
}

beforeEach(() => localStorage.clear());

describe('/compare', () => {
  it('shows each car in a column, row by row; a missing car says so in its own column', async () => {
    serve(tesla, bmw);
    renderApp('/compare?ids=car-1,car-2,gone-car', { store: signedOut() });
    const table = await screen.findByRole('table');
    const heads = within(table).getAllByRole('columnheader');
    expect(heads).toHaveLength(3);

    expect(
      within(heads[0]).getByRole('link', { name: 'Tesla Model 3 Long Range' }),
    ).toHaveAttribute('href', '/cars/car-1');
    expect(within(heads[0]).getByLabelText('Price $38,500')).toBeInTheDocument();
    expect(within(heads[0]).getByText('Great deal')).toBeInTheDocument();
    expect(within(heads[0]).getByText('$4,200 below its market value')).toBeInTheDocument();
    expect(within(heads[1]).getByText('Sold')).toBeInTheDocument();
    expect(within(heads[1]).queryByText('Not rated')).not.toBeInTheDocument();
    expect(within(heads[1]).queryByText(/deal|price$/)).not.toBeInTheDocument();
    expect(within(heads[2]).getByText('No longer listed')).toBeInTheDocument();

    expect(row('Model year')).toEqual(['2021', '2019', '']);
    expect(row('Mileage')).toEqual(['24,000 mi', '48,000 mi', '']);
    expect(row('Make')).toEqual(['Tesla', 'BMW', '']);
    expect(row('Trim')).toEqual(['—', '330i', '']);
    expect(row('Condition')).toEqual(['Good', 'Good', '']);
    expect(row('Exterior colour')).toEqual(['—', '—', '']);
    expect(row('Years used')).toEqual(['3 years', '3 years', '']);
    expect(row('Location')).toEqual(['Denver, CO', 'Denver, CO', '']);
    // The verified tick's title is part of its cell's text.
    expect(row('Seller')).toEqual(['Sam SellerVerified seller', 'Bea Seller', '']);
    const seller = screen.getByRole('rowheader', { name: 'Seller' }).closest('tr') as HTMLElement;
    expect(within(seller).getAllByTitle('Verified seller')).toHaveLength(1);
    expect(document.title).toBe('Compare cars');
  });

  it('says so of a car for sale without a price rating, as its page does', async () => {
    serve(makeCar({ _id: 'car-3', carName: 'Rare Coupe', fairPrice: null }));
    renderApp('/compare?ids=car-3', { store: signedOut() });
    const head = await screen.findByRole('columnheader');
    expect(within(head).getByText('Not rated')).toBeInTheDocument();
  });

  it("'Show only differences' hides the rows where every car is the same", async () => {
    const user = userEvent.setup();
    serve(tesla, bmw);
    renderApp('/compare?ids=car-1,car-2', { store: signedOut() });
    await screen.findByRole('table');
    expect(screen.getByRole('rowheader', { name: 'Condition' })).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Show only differences' }));
    const names = screen.getAllByRole('rowheader').map((header) => header.textContent);
    expect(names).toEqual(['Model year', 'Mileage', 'Make', 'Model', 'Trim', 'Fuel', 'Seller']);

    await user.click(screen.getByRole('switch', { name: 'Show only differences' }));
    expect(screen.getByRole('rowheader', { name: 'Condition' })).toBeInTheDocument();
  });

  it("'Remove' takes a car out of the address and of the chosen cars", async () => {
    const user = userEvent.setup();
    localStorage.setItem(COMPARE_KEY, JSON.stringify(['car-1', 'car-2']));
    serve(tesla, bmw);
    const { router } = renderApp('/compare?ids=car-1,car-2', { store: signedOut() });
    await screen.findByRole('table');
    await user.click(screen.getByRole('switch', { name: 'Show only differences' }));

    await user.click(screen.getByRole('button', { name: 'Remove BMW 330i' }));
    await waitFor(() => expect(screen.getAllByRole('columnheader')).toHaveLength(1));
    expect(router.state.location.search).toBe('?ids=car-1');
    expect(JSON.parse(localStorage.getItem(COMPARE_KEY) ?? '')).toEqual(['car-1']);
    // One car: every row again, the switch still on.
    expect(screen.getByRole('switch', { name: 'Show only differences' })).toBeChecked();
    expect(screen.getByRole('rowheader', { name: 'Condition' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Tesla Model 3 Long Range' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('No cars to compare yet')).toBeInTheDocument();
  });

  it('explains an address it cannot show, and an empty one, without an error page', async () => {
    localStorage.setItem(COMPARE_KEY, JSON.stringify(['car-1']));
    const first = renderApp('/compare?ids=car-1,not%20an%20id!', { store: signedOut() });
    expect(await screen.findByText("This comparison's address is not right")).toBeInTheDocument();
    expect(screen.getByText(/“not an id!” is not a car we could look up/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/cars');
    expect(screen.getByRole('link', { name: 'Compare your chosen cars (1)' })).toHaveAttribute(
      'href',
      '/compare?ids=car-1',
    );
    first.unmount();

    const second = renderApp('/compare?ids=a,b,c,d,e', { store: signedOut() });
    expect(
      await screen.findByRole('heading', { name: 'You can compare up to 4 cars' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This address names 5 cars.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Compare the first 4' })).toHaveAttribute(
      'href',
      '/compare?ids=a,b,c,d',
    );
    second.unmount();

    localStorage.clear();
    renderApp('/compare', { store: signedOut() });
    expect(
      await screen.findByRole('heading', { name: 'No cars to compare yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse cars' })).toHaveAttribute('href', '/cars');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
