/**
 * The permission matrix's rows (server/src/permissions.test.ts) for a forgotten password and a
 * confirmed e-mail.
 */
import { open, signedIn, type Row } from './permission-matrix';
import { uniqueEmail } from './helper';

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
];
