import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { makeOrder } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { heldAnswer } from '../../testing/requests';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const buyer = makeSessionUser({ email: 'bea@example.com', displayName: 'Bea Buyer' });
const open = () =>
  renderApp('/dashboad/my-orders', {
    store: makeStore({ preloadedState: signedInState(buyer) }),
  });

describe('My orders page', () => {
  beforeEach(() => server.use(...roleHandlers('buyer')));

  it('shows a spinner, then a table of Sri (from 1), Image, Name, Price and Status', async () => {
    let asked: string | null = null;
    const answer = heldAnswer();
    server.use(
      http.get(`${API}/orders`, async ({ request }) => {
        asked = new URL(request.url).searchParams.get('email');
        await answer.held;
        return HttpResponse.json([
          makeOrder({ _id: 'o1', productName: 'Tesla Model 3', productPrice: 38500 }),
          makeOrder({
            _id: 'o2',
            productName: 'Ferrari 488 GTB',
            productPrice: 1250000,
            carImage: '/images/cars/car-04.svg',
            status: 'declined',
            reason: 'Sold to another buyer',
          }),
        ]);
      }),
    );
    open();
    expect(await screen.findByRole('status', { name: 'Loading your orders' })).toBeInTheDocument();
    answer.release();
    const table = await screen.findByRole('table', { name: 'My orders' });
    expect(asked).toBe('bea@example.com');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Sri', 'Image', 'Name', 'Price', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(within(rows[0]).getByRole('img', { name: 'Tesla Model 3' })).toBeInTheDocument();
    expect(within(rows[0]).getByText('$38,500')).toBeInTheDocument();
    expect(within(rows[1]).getAllByRole('cell')[0]).toHaveTextContent('2');
    expect(within(rows[1]).getByText('Ferrari 488 GTB')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$1,250,000')).toBeInTheDocument();
    // Added (docs/differences.md): the booking's state, and 'Cancel booking' while it is open.
    expect(within(rows[0]).getByText('Requested')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: /Cancel booking/ })).toBeInTheDocument();
    expect(within(rows[1]).getByText('Declined')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Sold to another buyer')).toBeInTheDocument();
    expect(within(rows[1]).queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    expect(within(rows[0]).getByRole('link', { name: 'Tesla Model 3' })).toHaveAttribute(
      'href',
      '/dashboad/orders/o1',
    );
    expect(within(rows[1]).getByRole('img', { name: 'Ferrari 488 GTB' })).toHaveAttribute(
      'src',
      '/images/cars/car-04.svg',
    );
    // A table without a heading.
    expect(screen.queryByRole('heading', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it("says 'No order found' with an illustration when there are none", async () => {
    server.use(http.get(`${API}/orders`, () => HttpResponse.json([])));
    open();
    expect(await screen.findByText('No order found')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'An empty shopping cart with a car key' }),
    ).toHaveAttribute('src', '/images/empty-orders.svg');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so with a retry when the orders cannot be loaded', async () => {
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json({ message: 'email: you may only read your own orders' }, { status: 403 }),
      ),
    );
    open();
    expect(await screen.findByText(/We could not load your orders/)).toBeInTheDocument();
    server.use(http.get(`${API}/orders`, () => HttpResponse.json([makeOrder()])));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'My orders' })).toBeInTheDocument();
  });

  it('is in the dashboard, whose menu links My orders for a buyer', async () => {
    server.use(http.get(`${API}/orders`, () => HttpResponse.json([])));
    open();
    await screen.findByText('No order found');
    const menu = await screen.findAllByRole('navigation', { name: 'Dashboard' });
    expect(within(menu[0]).getByRole('link', { name: 'My orders' })).toHaveAttribute(
      'href',
      '/dashboad/my-orders',
    );
  });

  it("cancels an open booking with 'Booking cancelled', and the row shows it", async () => {
    let status = 'requested';
    let asked: unknown = null;
    server.use(
      http.get(`${API}/orders`, () =>
        HttpResponse.json([
          makeOrder({ _id: 'o9', productName: 'BMW i4', status: status as 'requested' }),
        ]),
      ),
      http.patch(`${API}/orders/o9`, async ({ request }) => {
        asked = await request.json();
        status = 'cancelled';
        return HttpResponse.json(makeOrder({ _id: 'o9', status: 'cancelled' }));
      }),
    );
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /Cancel booking/ }));
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(asked).toEqual({ status: 'cancelled' });
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel booking/ })).toBeNull();
  });
});
