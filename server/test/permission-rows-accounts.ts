/**
 * The permission matrix's rows (server/src/permissions.test.ts) for account settings: every
 * signed-in account reads and changes its own (there is no id in the path); a seller's dealer
 * profile is each seller's own, and buyers and admins have none.
 */
import { signedIn, type Expected, type Row } from './permission-matrix';

const sellersOnly: Expected = {
  anonymous: 401,
  buyer: 403,
  seller: 200,
  otherSeller: 200,
  admin: 403,
};

const DEALER = { name: 'Matrix Motors', address: '1 Main St', zip: '78701', phone: '5125550100' };

export const accountRows: Row[] = [
  {
    route: 'GET /api/me',
    request: () => ({ url: '/api/me' }),
    expect: signedIn(),
  },
  {
    route: 'PATCH /api/me',
    request: () => ({ url: '/api/me', payload: { zip: '78701' } }),
    expect: signedIn(),
  },
  { route: 'GET /api/me/dealer', request: () => ({ url: '/api/me/dealer' }), expect: sellersOnly },
  {
    route: 'PUT /api/me/dealer',
    request: () => ({ url: '/api/me/dealer', payload: DEALER }),
    expect: sellersOnly,
  },
  {
    route: 'DELETE /api/me/dealer',
    request: () => ({ url: '/api/me/dealer' }),
    expect: sellersOnly,
  },
];
