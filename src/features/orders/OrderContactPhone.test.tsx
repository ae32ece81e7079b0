import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Order } from '../../lib/api/deals';
import { makeOrder } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const buyer = makeSessionUser({ email: 'bea@example.com', displayName: 'Bea Buyer' });

/** The booking's page for its buyer, answered as the server answers it. */
async function open(order: Partial<Order>) {
  server.use(
    ...roleHandlers('buyer'),
    http.get(`${API}/orders/o1`, () =>
      HttpResponse.json(makeOrder({ _id: 'o1', buyerEmail: 'bea@example.com', ...order })),
    ),
    http.get(`${API}/orders/o1/messages`, () => HttpResponse.json([])),
  );
  renderApp('/dashboad/orders/o1', { store: makeStore({ preloadedState: signedInState(buyer) }) });
  return screen.findByText(/^Seller$/).then((term) => term.closest('dl') as HTMLElement);
}

afterEach(() => localStorage.clear());

describe("A booking's seller phone (from the seller's account settings)", () => {
  it('shows the phone the server gives for an accepted booking', async () => {
    const contact = await open({ status: 'accepted', contactPhone: '512-555-0199' });
    expect(within(contact).getByText('Phone')).toBeInTheDocument();
    expect(within(contact).getByText('512-555-0199')).toBeInTheDocument();
  });

  it('shows no phone row when the server gives none', async () => {
    const contact = await open({ status: 'requested' });
    expect(within(contact).queryByText('Phone')).toBeNull();
  });
});
