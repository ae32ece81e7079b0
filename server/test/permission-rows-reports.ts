/**
 * The permission matrix's rows (server/src/permissions.test.ts) for reports and the moderators'
 * queue.
 */
import { adminOnly, signedIn, type Row } from './permission-matrix';

export const reportRows: Row[] = [
  // Anyone signed in reports; each caller reports a fresh account (no 409, not themselves).
  {
    route: 'POST /api/reports',
    request: async (f) => ({
      url: '/api/reports',
      payload: { targetKind: 'user', targetId: await f.freshUser('Seller'), reason: 'scam' },
    }),
    expect: signedIn(201),
  },
  {
    route: 'GET /api/admin/reports',
    request: () => ({ url: '/api/admin/reports?limit=10' }),
    expect: adminOnly,
  },
  {
    route: 'GET /api/admin/reports/:targetKind/:targetId',
    request: (f) => ({ url: `/api/admin/reports/product/${f.productId}` }),
    expect: adminOnly,
  },
];
