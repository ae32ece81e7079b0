/**
 * The permission matrix's rows (server/src/permissions.test.ts) for the caller's own account:
 * signing out everywhere, deleting it and downloading its data. Each signed-in caller acts as a
 * new account of its role (signing out or deleting the fixture's own would refuse its later
 * rows); the anonymous and the deleted caller send what they have.
 */
import type { CallerName, Fixture } from './permission-fixture';
import { signedIn, type Row } from './permission-matrix';

const ROLES = {
  buyer: 'Buyer',
  seller: 'Seller',
  otherSeller: 'Seller',
  admin: 'Admin',
  newcomer: 'Buyer',
} as const;

/** A new account of the caller's role; none for the anonymous and the deleted caller. */
async function asNewAccount(f: Fixture, caller: CallerName) {
  if (caller === 'anonymous' || caller === 'deleted') return {};
  return { headers: await f.freshCaller(ROLES[caller]) };
}

export const leavingRows: Row[] = [
  {
    route: 'POST /api/me/sign-out-everywhere',
    request: async (f, caller) => ({
      url: '/api/me/sign-out-everywhere',
      ...(await asNewAccount(f, caller)),
    }),
    expect: signedIn(204),
  },
  {
    route: 'DELETE /api/me',
    request: async (f, caller) => ({
      url: '/api/me',
      payload: { confirm: 'delete my account' },
      ...(await asNewAccount(f, caller)),
    }),
    // An admin cannot delete itself.
    expect: { ...signedIn(204), admin: 403 },
  },
  {
    route: 'GET /api/me/export',
    request: async (f, caller) => ({ url: '/api/me/export', ...(await asNewAccount(f, caller)) }),
    expect: signedIn(),
    // Read over a real connection (it is written as it is read); it has no HEAD.
    stream: true,
  },
];
