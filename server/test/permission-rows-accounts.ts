/**
 * The permission matrix's rows (server/src/permissions.test.ts) for account settings: every
 * signed-in account reads and changes its own (there is no id in the path).
 */
import { signedIn, type Row } from './permission-matrix';

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
];
