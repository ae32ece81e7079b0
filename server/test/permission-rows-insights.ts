/**
 * The permission matrix's rows (server/src/permissions.test.ts) for what each listing earns and
 * the car views' beacon.
 */
import { open, type Row } from './permission-matrix';

export const insightsRows: Row[] = [
  // A seller's own cars' insights; an admin's cover the marketplace; a buyer has none.
  {
    route: 'GET /api/insights',
    request: () => ({ url: '/api/insights?days=30' }),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 200 },
  },
  // Anyone may count a view of a car (once a day each); it answers at once.
  {
    route: 'POST /api/products/:id/view',
    request: (f) => ({ url: `/api/products/${f.productId}/view` }),
    expect: open(204),
  },
];
