/**
 * Whom a limit counts: the access token's account id (`uid`) when it carries one, its e-mail when
 * it does not (tokens signed before ids were in them). A re-registered e-mail is a new account
 * with a new id, so it starts with its own count; one account's tokens share one count whatever
 * e-mail they name.
 */
import { buildTestApp, databaseKind, uniqueEmail, type TestContext } from '../../../test/helper';

describe.each(['memory', 'database'] as const)(
  `rate-limit keys (${databaseKind}, counted in %s)`,
  (store) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestApp({
        rateLimitStore: store,
        rateLimits: { orders: { max: 2, windowSeconds: 3600 } },
      });
    });
    afterAll(() => ctx.close());

    let address = 0;
    /** A booking call with a token of this payload, each from an address of its own. */
    const book = async (payload: { email: string; uid?: string }) => {
      address += 1;
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { authorization: `bearer ${ctx.app.jwt.sign(payload)}` },
        remoteAddress: `10.70.${address >> 8}.${address & 255}`,
        payload: { buyerName: 'B', phone: '5551234567', meetLocation: 'Main St', productID: 'x' },
      });
      // Counted before authorization: these accounts have no record, so past the limit: 403.
      return answer.statusCode;
    };

    it('counts by the account id when the token carries one, whatever e-mail it names', async () => {
      const uid = `uid-${uniqueEmail('key')}`;
      expect(await book({ email: uniqueEmail('first'), uid })).toBe(403);
      expect(await book({ email: uniqueEmail('second'), uid })).toBe(403);
      expect(await book({ email: uniqueEmail('third'), uid })).toBe(429);
    });

    it('gives a re-registered e-mail (a new account id) a count of its own', async () => {
      const email = uniqueEmail('reused');
      for (const uid of ['old-account', 'new-account', 'newest-account']) {
        const id = `${uid}-${email}`;
        expect([await book({ email, uid: id }), await book({ email, uid: id })]).toEqual([
          403, 403,
        ]);
      }
    });

    it('counts by e-mail a token without an account id', async () => {
      // Such a token (the older kind) is refused as not valid, after it is counted.
      const email = uniqueEmail('no-uid');
      expect(await book({ email })).toBe(401);
      expect(await book({ email: email.toUpperCase() })).toBe(401);
      expect(await book({ email })).toBe(429);
    });
  },
);
