/**
 * The permission matrix's rows of the alert e-mails' unsubscribe (server/src/alerts/): open to
 * anyone with the link, signed in or not; the token says what it stops.
 */
import { open, type Row } from './permission-matrix';

const ONE_CLICK = {
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'List-Unsubscribe=One-Click',
};

export const unsubscribeRows: Row[] = [
  {
    route: 'POST /api/unsubscribe',
    request: async (f) => ({
      url: `/api/unsubscribe?token=${await f.unsubscribeToken()}`,
      ...ONE_CLICK,
    }),
    expect: open(),
  },
  {
    // A mail program opening the address: sent to the page.
    route: 'GET /api/unsubscribe',
    request: async (f) => ({ url: `/api/unsubscribe?token=${await f.unsubscribeToken()}` }),
    expect: open(303),
  },
  {
    route: 'GET /unsubscribe',
    request: async (f) => ({ url: `/unsubscribe?token=${await f.unsubscribeToken()}` }),
    expect: open(),
  },
  {
    route: 'POST /unsubscribe',
    request: async (f) => ({
      url: `/unsubscribe?token=${await f.unsubscribeToken()}`,
      ...ONE_CLICK,
    }),
    expect: open(),
  },
];
