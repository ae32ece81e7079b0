/**
 * The shape of the permission matrix (server/src/permissions.test.ts): a row per route, the
 * status each caller must get, the common patterns of those statuses, and a HEAD row for each
 * GET row.
 */
import type { InjectOptions } from 'fastify';
import type { CallerName, Fixture } from './permission-fixture';

/** The deleted account is refused wherever an anonymous caller is; the newcomer, see `Row`. */
export type Expected = Record<Exclude<CallerName, 'deleted' | 'newcomer'>, number>;

export interface Row {
  /** `METHOD url` exactly as registered. */
  route: string;
  /** The request, without authorization (the caller's access token is added unless set). */
  request(f: Fixture, caller: CallerName): Promise<InjectOptions> | InjectOptions;
  expect: Expected;
  /**
   * The newcomer with a deleted buyer's e-mail: a Buyer like `buyer`, but a party to none of
   * `buyer`'s bookings and not `buyer`; this status where that differs.
   */
  newcomer?: number;
  /** A stream that never ends: asked over a real connection, its status read, then left. */
  stream?: true;
}

export const open = (status = 200): Expected => ({
  anonymous: status,
  buyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
export const adminOnly: Expected = {
  anonymous: 401,
  buyer: 403,
  seller: 403,
  otherSeller: 403,
  admin: 200,
};
/** Something of `seller`'s that only they (and for reading, an admin) may touch. */
export const sellersOwnRead: Expected = {
  anonymous: 401,
  buyer: 403,
  seller: 200,
  otherSeller: 403,
  admin: 200,
};
/** A booking of `buyer`'s on `seller`'s car: its two parties only; anyone else is told 404. */
export const partiesOnly = (status = 200): Expected => ({
  anonymous: 401,
  buyer: status,
  seller: status,
  otherSeller: 404,
  admin: 404,
});
export const signedIn = (status = 200): Expected => ({
  anonymous: 401,
  buyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
export const sellersOwnWrite: Expected = {
  anonymous: 401,
  buyer: 403,
  seller: 200,
  otherSeller: 403,
  admin: 403,
};

/** Buyers' and sellers' own things (saved searches): an admin is refused. */
export const buyersAndSellers = (status = 200): Expected => ({
  anonymous: 401,
  buyer: status,
  seller: status,
  otherSeller: status,
  admin: 403,
});
/** Something of `buyer`'s among buyers' and sellers' own things: anyone else's is told 404. */
export const buyersOwn = (status = 200): Expected => ({
  anonymous: 401,
  buyer: status,
  seller: 404,
  otherSeller: 404,
  admin: 403,
});

/** Every HEAD route answers like its GET (Fastify adds one per GET route). */
export function withHeadRows(base: Row[]): Row[] {
  const all = [...base];
  for (const row of base) {
    const [method, url] = row.route.split(' ');
    if (method !== 'GET' || row.stream) continue;
    all.push({
      route: `HEAD ${url}`,
      request: async (f, caller) => ({ ...(await row.request(f, caller)), method: 'HEAD' }),
      expect: row.expect,
      newcomer: row.newcomer,
    });
  }
  return all;
}

export function expectedOf(row: Row, caller: CallerName): number {
  if (caller === 'deleted') return row.expect.anonymous;
  if (caller === 'newcomer') return row.newcomer ?? row.expect.buyer;
  return row.expect[caller];
}
