import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { ACCESS_TOKEN_KEY } from '../../lib/api/accessToken';
import { makeOrder } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';
import type { Order, OrderStatus } from '../../lib/api/deals';

const seller = makeSessionUser({ email: 'sam@example.com', displayName: 'Sam Seller' });

/** The seller's bookings as the API keeps them, with PATCH moving them. */
function bookingsApi(initial: Order[]) {
  const bookings = new Map(initial.map((order) => [order._id, { ...order }]));
  const asked: { id: string; body: unknown }[] = [];
  server.use(
    ...roleHandlers('seller'),
    http.get(`${API}/seller-orders`, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      const list = [...bookings.values()].filter((o) => !status || o.status === status);
      return HttpResponse.json(list, { headers: { 'X-Total-Count': String(list.length) } });
    }),
    http.patch(`${API}/orders/:id`, async ({ params, request }) => {
      const body = (await request.json()) as { status: OrderStatus; reason?: string };
      asked.push({ id: String(params.id), body });
      const order = bookings.get(String(params.id))!;
      order.status = body.status;
      if (body.reason) order.reason = body.reason;
      return HttpResponse.json(order);
    }),
  );
  return { asked };
}

const open = () => {
  localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
  return renderApp('/dashboad/bookings', {
    store: makeStore({ preloadedState: signedInState(seller) }),
  });
};

afterEach(() => localStorage.clear());

describe('Bookings (sellers)', () => {
  it("lists each booking with the buyer's contact, its state, and the moves it allows", async () => {
    bookingsApi([
      makeOrder({
        _id: 'b1',
        productName: 'BMW i4',
        buyerName: 'Bea Buyer',
        buyerEmail: 'bea@example.com',
        phone: '555 0100',
        meetLocation: 'Main St',
      }),
      makeOrder({ _id: 'b2', productName: 'Tesla Model Y', status: 'accepted' }),
    ]);
    open();
    expect(await screen.findByRole('heading', { name: 'Bookings' })).toBeInTheDocument();
    const first = (await screen.findByRole('link', { name: 'BMW i4' })).closest('.MuiCard-root')!;
    const card = within(first as HTMLElement);
    for (const text of ['Bea Buyer', 'bea@example.com', '555 0100', 'Main St', 'Requested']) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    expect(card.getByRole('button', { name: /^Accept:/ })).toBeInTheDocument();
    expect(card.getByRole('button', { name: /^Decline:/ })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /^Mark as sold:/ })).toBeNull();
    const second = screen.getByRole('link', { name: 'Tesla Model Y' }).closest('.MuiCard-root')!;
    expect(
      within(second as HTMLElement).getByRole('button', { name: /^Mark as sold:/ }),
    ).toBeInTheDocument();
    // The side menu's badge counts the requested ones.
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0];
    expect(await within(menu).findByLabelText('1 waiting for an answer')).toBeInTheDocument();
  });

  it("accepts with 'Booking accepted', declines with a reason, and filters by state", async () => {
    const { asked } = bookingsApi([makeOrder({ _id: 'b1', productName: 'BMW i4' })]);
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Accept:/ }));
    expect(await screen.findByText('Booking accepted')).toBeInTheDocument();
    expect(await screen.findByText('Accepted', { selector: '.MuiChip-label' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Decline:/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Already promised');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Booking declined')).toBeInTheDocument();
    expect(asked).toEqual([
      { id: 'b1', body: { status: 'accepted' } },
      { id: 'b1', body: { status: 'declined', reason: 'Already promised' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Requested' }));
    expect(await screen.findByText('No requested bookings.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Declined' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'BMW i4' })).toBeInTheDocument());
  });
});
