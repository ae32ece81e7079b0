/**
 * The permission matrix's rows (server/src/permissions.test.ts) for reviews and seller pages.
 */
import { open, partiesOnly, type Row } from './permission-matrix';

export const reviewRows: Row[] = [
  // The buyer of a sold booking reviews its seller: the seller 403, anyone else 404.
  {
    route: 'POST /api/orders/:id/review',
    request: async (f) => ({
      url: `/api/orders/${await f.freshSoldBooking()}/review`,
      payload: { rating: 5, text: 'Great seller, smooth deal.' },
    }),
    expect: { anonymous: 401, buyer: 201, seller: 403, otherSeller: 404, admin: 404 },
    newcomer: 404,
  },
  {
    route: 'GET /api/orders/:id/review',
    request: async (f) => ({ url: `/api/orders/${await f.freshSoldBooking()}/review` }),
    expect: partiesOnly(),
    newcomer: 404,
  },
  // The reviewed seller replies: the buyer who wrote it 403, anyone else 404.
  {
    route: 'POST /api/reviews/:id/reply',
    request: async (f) => ({
      url: `/api/reviews/${await f.freshReview()}/reply`,
      payload: { text: 'Thank you!' },
    }),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 404, admin: 404 },
    newcomer: 404,
  },
  {
    route: 'GET /api/sellers/:id',
    request: (f) => ({ url: `/api/sellers/${f.users.seller._id}` }),
    expect: open(),
  },
  {
    route: 'GET /api/sellers/:id/reviews',
    request: (f) => ({ url: `/api/sellers/${f.users.seller._id}/reviews` }),
    expect: open(),
  },
];
