/**
 * The permission matrix's rows (server/src/permissions.test.ts) for suspending and unsuspending
 * accounts: admins only.
 */
import { adminOnly, type Row } from './permission-matrix';

const reason = { reason: 'Permission matrix' };

export const suspensionRows: Row[] = [
  {
    route: 'POST /api/admin/users/:id/suspend',
    request: async (f) => ({
      url: `/api/admin/users/${await f.freshUser('Seller')}/suspend`,
      payload: reason,
    }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/users/:id/unsuspend',
    request: async (f) => ({
      url: `/api/admin/users/${await f.freshUser('Buyer', true)}/unsuspend`,
      payload: reason,
    }),
    expect: adminOnly,
  },
];
