import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Order } from '../../lib/api/deals';
import { makeOrder } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const buyer = makeSessionUser({ email: 'bea@example.com', displayName: 'Bea Buyer' });
const SOLD: Partial<Order> = {
  status: 'sold',
  history: [
    { status: 'requested', at: '2026-11-01T10:00:00.000Z' },
    { status: 'sold', at: '2026-11-02T10:00:00.000Z' },
  ],
};

/** A sold booking's page for its buyer, with the review state the server gives. */
async function open(order: Partial<Order>, canReview: boolean) {
  server.use(
    ...roleHandlers('buyer'),
    http.get(`${API}/orders/o1`, () =>
      HttpResponse.json(makeOrder({ _id: 'o1', buyerEmail: 'bea@example.com', ...order })),
    ),
    http.get(`${API}/orders/o1/messages`, () => HttpResponse.json([])),
    http.get(`${API}/orders/o1/review`, () =>
      HttpResponse.json({
        review: null,
        hidden: false,
        canReview,
        reviewsCloseAt: '2027-01-31T10:00:00.000Z',
      }),
    ),
  );
  renderApp('/dashboad/orders/o1', { store: makeStore({ preloadedState: signedInState(buyer) }) });
  await screen.findByText(/^Seller$/);
}

afterEach(() => localStorage.clear());

describe("A sold booking's review", () => {
  it('is offered while the seller has an account', async () => {
    await open({ ...SOLD, sellerId: 'seller-1', sellerName: 'Sam Seller' }, true);
    expect(
      await screen.findByRole('heading', { name: 'How was buying from Sam Seller?' }),
    ).toBeVisible();
  });

  it("is not offered once the seller's account is deleted", async () => {
    await open({ ...SOLD, sellerId: null, sellerName: 'Deleted user' }, false);
    expect(await screen.findAllByText('Deleted user')).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { name: /How was buying from/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /review/i })).toBeNull();
  });
});
