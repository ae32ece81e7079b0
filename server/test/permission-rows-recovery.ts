/**
 * The permission matrix's rows (server/src/permissions.test.ts) for a forgotten password, a
 * confirmed e-mail and a change of e-mail.
 */
import type { CallerName, Fixture } from './permission-fixture';
import { open, signedIn, type Row } from './permission-matrix';
import { uniqueEmail } from './helper';

const FRESH_ROLES = {
  buyer: 'Buyer',
  seller: 'Seller',
  otherSeller: 'Seller',
  admin: 'Admin',
  newcomer: 'Buyer',
} as const;

export const accountRecoveryRows: Row[] = [
  // Public, and answered alike for anyone (an e-mail nobody has: nothing is mailed).
  {
    route: 'POST /api/password-reset',
    request: () => ({ url: '/api/password-reset', payload: { email: uniqueEmail('matrix') } }),
    expect: open(202),
  },
  {
    route: 'GET /api/me/verification',
    request: () => ({ url: '/api/me/verification' }),
    expect: signedIn(),
  },
  // Each caller's own confirmation mail (none of them is confirmed).
  {
    route: 'POST /api/me/verification',
    request: () => ({ url: '/api/me/verification' }),
    expect: signedIn(202),
  },
  // Public: a code nobody was mailed.
  {
    route: 'POST /api/email-verification',
    request: () => ({ url: '/api/email-verification', payload: { oobCode: 'not-a-mailed-code' } }),
    expect: open(400),
  },
  // Each signed-in caller as a new account of its role: its sign-in is recent, as the change
  // asks; answered alike whoever has the address.
  {
    route: 'POST /api/me/email',
    request: async (f: Fixture, caller: CallerName) => ({
      url: '/api/me/email',
      payload: { email: uniqueEmail('matrix-new') },
      ...(caller === 'anonymous' || caller === 'deleted'
        ? {}
        : { headers: await f.freshCaller(FRESH_ROLES[caller]) }),
    }),
    expect: signedIn(202),
  },
  // Public: codes nobody was mailed (the fingerprints wait for the row before's mails).
  {
    route: 'POST /api/email-change',
    request: () => ({ url: '/api/email-change', payload: { oobCode: 'not-a-mailed-code' } }),
    expect: open(400),
  },
  {
    route: 'POST /api/email-change/undo',
    request: () => ({ url: '/api/email-change/undo', payload: { code: 'not-a-mailed-code' } }),
    expect: open(400),
  },
];
