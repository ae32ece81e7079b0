/**
 * Hiding a review and dismissing a target's reports: what each writes, whom each
 * tells, and every refusal, on both databases.
 */
import { sql } from 'drizzle-orm';
import { reviews } from '../platform/db/schema';
import { newId } from '../platform/db/ids';
import {
  buildTestApp,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

let ctx: TestContext, seller: TestUser, buyer: TestUser, reporter: TestUser, admin: TestUser;
let admin2: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, buyer, reporter, admin, admin2] = await Promise.all([
    registerUser(ctx.app, 'Seller'),
    registerUser(ctx.app, 'Buyer'),
    registerUser(ctx.app, 'Buyer', 'reporter'),
    registerUser(ctx.app, 'Admin'),
    registerUser(ctx.app, 'Admin', 'admin2'),
  ]);
});
afterAll(() => ctx?.close());

const act = (who: TestUser, url: string, reason = 'Abusive language') =>
  ctx.app.inject({ method: 'POST', url, headers: who.auth, payload: { reason } });
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const auditOf = (id: string) =>
  rows<{ action: string; target_kind: string; reason: string }>(sql`
    select action, target_kind, reason from moderation_actions where target_id = ${id}
    order by created_at, id`);
const bellOf = (user: TestUser) =>
  rows<{ kind: string; text: string }>(sql`
    select kind, text from notifications where user_id = ${user._id} order by created_at, id`);
const report = (who: TestUser, targetKind: 'product' | 'user', targetId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: who.auth,
    payload: { targetKind, targetId, reason: 'other', details: 'Looks odd' },
  });

describe('hiding a review', () => {
  it("takes it out of the seller's rating, tells its author, and is refused twice", async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Reviewed Car' });
    const order = await placeOrder(ctx.app, buyer, car);
    const id = newId();
    await ctx.database.db.insert(reviews).values({
      _id: id,
      orderId: order,
      sellerId: seller._id,
      buyerId: buyer._id,
      buyerName: buyer.name,
      productId: car,
      productName: 'Reviewed Car',
      rating: 1,
      text: 'Rude words rude words.',
    });
    const rating = async () =>
      (
        await rows<{ review_count: number }>(
          sql`select review_count from users where id = ${seller._id}`,
        )
      )[0]!.review_count;
    expect(await rating()).toBe(1);

    const hidden = await act(admin, `/api/admin/reviews/${id}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ action: 'hide_review', closedReports: 0, declinedBookings: 0 });
    expect(await rating()).toBe(0);
    expect(await auditOf(id)).toEqual([
      { action: 'hide_review', target_kind: 'review', reason: 'Abusive language' },
    ]);
    expect(await bellOf(buyer)).toContainEqual({
      kind: 'moderation',
      text: 'Your review of Reviewed Car was hidden by moderation: Abusive language',
    });
    const [stored] = await rows<{ hidden_reason: string }>(
      sql`select hidden_reason from reviews where id = ${id}`,
    );
    expect(stored!.hidden_reason).toBe('Abusive language');

    const again = await act(admin2, `/api/admin/reviews/${id}/hide`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This review is already hidden');
    expect((await act(admin, '/api/admin/reviews/no-such-review/hide')).statusCode).toBe(404);
    expect((await act(seller, `/api/admin/reviews/${id}/hide`)).statusCode).toBe(403);
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe('dismissing reports', () => {
  it('closes the open reports as dismissed, tells the reporters, and changes nothing else', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Reported Car' });
    expect((await report(reporter, 'product', car)).statusCode).toBe(201);
    expect((await report(buyer, 'product', car)).statusCode).toBe(201);

    const dismissed = await act(admin, `/api/admin/reports/product/${car}/dismiss`, 'Genuine');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ action: 'dismiss', closedReports: 2, declinedBookings: 0 });
    const outcomes = await rows<{ outcome: string }>(
      sql`select outcome from reports where target_id = ${car}`,
    );
    expect(outcomes.map((r) => r.outcome)).toEqual(['dismissed', 'dismissed']);
    for (const who of [reporter, buyer]) {
      expect(await bellOf(who)).toContainEqual({
        kind: 'report_decided',
        text: expect.stringContaining('found nothing against the rules'),
      });
    }
    expect(await auditOf(car)).toEqual([
      { action: 'dismiss', target_kind: 'product', reason: 'Genuine' },
    ]);
    // Still for sale.
    expect((await ctx.app.inject({ url: `/api/products/${car}` })).statusCode).toBe(200);

    // Nothing open any more: refused, nothing written; the same person may report again.
    const again = await act(admin2, `/api/admin/reports/product/${car}/dismiss`, 'Genuine');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There are no open reports on this');
    expect(await auditOf(car)).toHaveLength(1);
    expect((await report(reporter, 'product', car)).statusCode).toBe(201);
  });

  it("dismisses an account's reports; two admins at once write one line", async () => {
    expect((await report(reporter, 'user', seller._id)).statusCode).toBe(201);
    const url = `/api/admin/reports/user/${seller._id}/dismiss`;
    const answers = await Promise.all([act(admin, url, 'Fine'), act(admin2, url, 'Fine')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(seller._id)).toEqual([
      { action: 'dismiss', target_kind: 'user', reason: 'Fine' },
    ]);
  });

  it('refuses an unknown target kind and a bad reason', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Kind Car' });
    expect((await act(admin, `/api/admin/reports/review/${car}/dismiss`)).statusCode).toBe(400);
    const bad = await act(admin, `/api/admin/reports/product/${car}/dismiss`, '\u2028');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/reason/);
  });
});

describe("the moderators' actions' rate limit", () => {
  it('counts every action and request for review together, per account', async () => {
    const limited = await buildTestApp({
      rateLimits: { moderation: { max: 2, windowSeconds: 60 } },
    });
    try {
      const [owner, moderator] = await Promise.all([
        registerUser(limited.app, 'Seller'),
        registerUser(limited.app, 'Admin'),
      ]);
      const car = await postProduct(limited.app, owner, { carName: 'Limited Car' });
      const call = (url: string, who: TestUser, payload?: object) =>
        limited.app.inject({
          method: 'POST',
          url,
          headers: who.auth,
          payload,
          // Each account from its own address (a limit counts the address too).
          remoteAddress: who === owner ? '10.0.0.1' : '10.0.0.2',
        });
      const reason = { reason: 'Limit' };
      expect((await call(`/api/admin/products/${car}/hide`, moderator, reason)).statusCode).toBe(
        200,
      );
      expect((await call(`/api/admin/products/${car}/restore`, moderator, reason)).statusCode).toBe(
        200,
      );
      const third = await call(`/api/admin/products/${car}/hide`, moderator, reason);
      expect(third.statusCode).toBe(429);
      // Another account's calls, from another address, are its own.
      expect((await call(`/api/products/${car}/review-request`, owner)).statusCode).toBe(409);
    } finally {
      await limited.close();
    }
  });
});
