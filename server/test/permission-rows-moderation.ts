/**
 * The permission matrix's rows (server/src/permissions.test.ts) for the moderators' actions on
 * listings, reviews and reports, and an owner's request for review.
 */
import { adminOnly, sellersOwnWrite, type Row } from './permission-matrix';

const reason = { reason: 'Matrix reason' };

export const moderationRows: Row[] = [
  {
    route: 'POST /api/admin/products/:id/hide',
    request: async (f) => ({
      url: `/api/admin/products/${await f.freshProduct()}/hide`,
      payload: reason,
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/products/:id/restore',
    request: async (f) => ({
      url: `/api/admin/products/${await f.freshHiddenProduct()}/restore`,
      payload: reason,
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/products/:id/keep-hidden',
    request: async (f) => ({
      url: `/api/admin/products/${await f.freshHiddenProduct(true)}/keep-hidden`,
      payload: reason,
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/reviews/:id/hide',
    request: async (f) => ({
      url: `/api/admin/reviews/${await f.freshReview()}/hide`,
      payload: reason,
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/reports/:targetKind/:targetId/dismiss',
    request: async (f) => ({
      url: `/api/admin/reports/product/${await f.freshReportedProduct()}/dismiss`,
      payload: reason,
    }),
    expect: adminOnly,
  },
  // The owner only: a buyer, another seller and an admin are refused (403), anyone else 401.
  {
    route: 'POST /api/products/:id/review-request',
    request: async (f) => ({
      url: `/api/products/${await f.freshHiddenProduct()}/review-request`,
    }),
    expect: sellersOwnWrite,
  },
];
