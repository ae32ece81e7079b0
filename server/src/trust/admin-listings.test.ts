/**
 * The moderators' actions on a listing: hide, restore (and approve), keep hidden, the
 * owner's request for review; what each writes (the audit log, reports closed, people told,
 * bookings declined) and every refusal, on both databases.
 */
import { sql } from 'drizzle-orm';
import { reports } from '../platform/db/schema';
import { newId } from '../platform/db/ids';
import {
  buildTestApp,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { alertsFor, MATCH_ON_DEMAND, reprice, saveSearch } from '../../test/alert-fixture';

let ctx: TestContext;
let seller: TestUser, buyer: TestUser, reporter: TestUser, admin: TestUser, admin2: TestUser;

beforeAll(async () => {
  ctx = await buildTestApp(MATCH_ON_DEMAND);
  [seller, buyer, reporter, admin, admin2] = await Promise.all([
    registerUser(ctx.app, 'Seller'),
    registerUser(ctx.app, 'Buyer'),
    registerUser(ctx.app, 'Buyer', 'reporter'),
    registerUser(ctx.app, 'Admin'),
    registerUser(ctx.app, 'Admin', 'admin2'),
  ]);
});
afterAll(() => ctx?.close());

const act = (who: TestUser, url: string, reason: unknown = 'Photos of another car') =>
  ctx.app.inject({ method: 'POST', url, headers: who.auth, payload: { reason } });
const hide = (id: string, who = admin, reason?: string) =>
  act(who, `/api/admin/products/${id}/hide`, reason);
const restore = (id: string, who = admin, reason = 'Fixed') =>
  act(who, `/api/admin/products/${id}/restore`, reason);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const auditOf = (id: string) =>
  rows<{ action: string; reason: string; admin_name: string }>(sql`
    select action, reason, admin_name from moderation_actions where target_id = ${id}
    order by created_at, id`);
const bellOf = (user: TestUser) =>
  rows<{ kind: string; text: string }>(sql`
    select kind, text from notifications where user_id = ${user._id} and alert_key is null
    order by created_at, id`);
const searchIds = async (query: string) =>
  (
    (await ctx.app.inject({ method: 'GET', url: `/api/products?${query}` })).json() as {
      _id: string;
    }[]
  ).map((c) => c._id);

describe('hiding a listing', () => {
  it('takes it out of sale, declines its bookings, closes its reports and tells everyone', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Lotus Gecko', categoryName: 'BMW' });
    const order = await placeOrder(ctx.app, buyer, car);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: reporter.auth,
      payload: { targetKind: 'product', targetId: car, reason: 'scam', details: 'Fake' },
    });
    expect(await searchIds('q=gecko')).toEqual([car]);

    const hidden = await hide(car, admin, 'Photos of another car');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({
      action: 'hide_listing',
      closedReports: 1,
      declinedBookings: 1,
    });
    // Gone from search at once (a catalogue write), its page removed for everyone else.
    expect(await searchIds('q=gecko')).toEqual([]);
    expect((await ctx.app.inject({ url: `/api/products/${car}` })).statusCode).toBe(410);
    const own = await getAs(ctx.app, seller, `/api/products/${car}`);
    expect(own.json().moderation).toEqual({
      state: 'hidden',
      reason: 'Photos of another car',
      reviewAsked: false,
    });
    const booking = (await getAs(ctx.app, buyer, `/api/orders/${order}`)).json();
    expect(booking).toMatchObject({ status: 'declined', reason: 'Listing removed' });
    expect(await bellOf(buyer)).toContainEqual({
      kind: 'status',
      text: 'Your booking of Lotus Gecko was declined: Listing removed',
    });
    expect(await bellOf(seller)).toContainEqual({
      kind: 'moderation',
      text: 'Your listing Lotus Gecko was hidden by moderation: Photos of another car',
    });
    expect((await bellOf(reporter)).map((n) => n.kind)).toEqual(['report_decided']);
    const [report] = await rows<{ outcome: string }>(
      sql`select outcome from reports where target_id = ${car}`,
    );
    expect(report!.outcome).toBe('actioned');
    expect(await auditOf(car)).toEqual([
      { action: 'hide_listing', reason: 'Photos of another car', admin_name: admin.name },
    ]);
    // The notice is mailed: an outbox row of kind 'notice'.
    const [mail] = await rows<{ n: number }>(sql`
      select count(*)::int as n from outbox where kind = 'notice' and to_email = ${seller.email}`);
    expect(mail!.n).toBe(1);

    // Hiding again is refused and writes nothing.
    const again = await hide(car);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This listing is already hidden');
    expect(await auditOf(car)).toHaveLength(1);
  });

  it('lets one of two admins acting at once win; the other gets a 409', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Race Car' });
    const answers = await Promise.all([hide(car, admin), hide(car, admin2)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(car)).toHaveLength(1);
    const restored = await Promise.all([restore(car, admin), restore(car, admin2)]);
    expect(restored.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(car)).map((a) => a.action)).toEqual(['hide_listing', 'restore_listing']);
  });

  it('refuses a missing, empty, long or multi-line reason, and an unknown car', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Reason Car' });
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'two\nlines' },
      { reason: ['a'] },
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/products/${car}/hide`,
        headers: admin.auth,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/reason/);
    }
    expect((await hide('no-such-car')).statusCode).toBe(404);
    expect((await restore('no-such-car')).statusCode).toBe(404);
    // 500 characters: accepted, stored without its surrounding spaces.
    expect((await hide(car, admin, ` ${'y'.repeat(498)} `)).statusCode).toBe(200);
    expect((await auditOf(car))[0]!.reason).toBe('y'.repeat(498));
    expect(await rows(sql`select 1 from moderation_actions where reason like ' %'`)).toEqual([]);
  });
});

describe('restoring and approving', () => {
  it('puts the car back everywhere and alerts the searches saved meanwhile', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Porsche Walrus' });
    await hide(car);
    await ctx.app.alertMatching.run();
    const searcher = await registerUser(ctx.app, 'Buyer', 'searcher');
    await saveSearch(ctx.app, searcher, 'q=walrus&maxPrice=25000');
    // Its owner edits it while hidden (a price change queues work): still no alert.
    await reprice(ctx.app, seller, car, 20_000);
    await ctx.app.alertMatching.run();
    expect(await alertsFor(ctx.database.db, searcher)).toEqual([]);

    const answer = await restore(car, admin, 'The photos are right');
    expect(answer.json()).toEqual({
      action: 'restore_listing',
      closedReports: 0,
      declinedBookings: 0,
    });
    expect(await searchIds('q=walrus')).toEqual([car]);
    expect((await ctx.app.inject({ url: `/api/products/${car}` })).json()).not.toHaveProperty(
      'moderation',
    );
    await ctx.app.alertMatching.run();
    expect(await alertsFor(ctx.database.db, searcher)).toEqual([
      expect.objectContaining({ kind: 'match', productId: car }),
    ]);
    expect(await bellOf(seller)).toContainEqual({
      kind: 'moderation',
      text: 'Your listing Porsche Walrus was restored by moderation: The photos are right',
    });
    const again = await restore(car);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This listing is not hidden');
  });

  it('approves a pending car, closing its flag', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Pending Car' });
    await ctx.database.db.execute(sql`update products set hidden = 'pending' where id = ${car}`);
    await ctx.database.db.insert(reports).values({
      _id: newId(),
      targetKind: 'product',
      targetId: car,
      reporterId: null,
      reason: 'new_seller',
    });
    const answer = await restore(car, admin, 'Looks genuine');
    expect(answer.json()).toMatchObject({ action: 'approve_listing', closedReports: 1 });
    expect((await auditOf(car)).map((a) => a.action)).toEqual(['approve_listing']);
    expect(await bellOf(seller)).toContainEqual({
      kind: 'moderation',
      text: 'Your listing Pending Car was approved: Looks genuine',
    });
  });

  it("refuses a car hidden with its seller's suspension, or of a suspended seller", async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Suspended Car' });
    await ctx.database.db.execute(sql`update products set hidden = 'suspension' where id = ${car}`);
    const refused = await restore(car);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Unsuspend the seller first');
    // Hidden by moderation on its own, its seller suspended since: not restored either.
    await ctx.database.db.execute(sql`update products set hidden = 'moderation' where id = ${car}`);
    await ctx.database.db.execute(
      sql`update users set suspended_at = now() where id = ${seller._id}`,
    );
    try {
      expect((await restore(car)).json().message).toBe('Unsuspend the seller first');
    } finally {
      await ctx.database.db.execute(
        sql`update users set suspended_at = null where id = ${seller._id}`,
      );
    }
    expect(await auditOf(car)).toEqual([]);
  });
});

describe("the owner's request for review, and keeping a car hidden", () => {
  it('is asked once by the owner only, and answered by keep-hidden', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Asked Car' });
    const ask = (who: TestUser) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/products/${car}/review-request`,
        headers: who.auth,
      });
    const notHidden = await ask(seller);
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json().message).toBe('This listing is not hidden');
    const keep = (reason = 'Still wrong') =>
      act(admin, `/api/admin/products/${car}/keep-hidden`, reason);
    expect((await keep()).json().message).toBe('This listing is not hidden');

    await hide(car, admin, 'Wrong model');
    expect((await keep()).json().message).toBe('The owner has not asked for a review');
    const other = await registerUser(ctx.app, 'Seller', 'other');
    expect((await ask(other)).statusCode).toBe(403);
    expect((await ask(buyer)).statusCode).toBe(403);

    const asked = await ask(seller);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ state: 'hidden', reason: 'Wrong model', reviewAsked: true });
    const twice = await ask(seller);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You already asked for a review');

    const kept = await keep('The model is still wrong');
    expect(kept.json()).toMatchObject({ action: 'keep_hidden' });
    expect((await getAs(ctx.app, seller, `/api/products/${car}`)).json().moderation).toEqual({
      state: 'hidden',
      reason: 'The model is still wrong',
      reviewAsked: false,
    });
    expect(await bellOf(seller)).toContainEqual({
      kind: 'moderation',
      text: 'Your listing Asked Car stays hidden: The model is still wrong',
    });
    expect(await searchIds('q=asked')).toEqual([]);
    // Asked again after an answer: allowed.
    expect((await ask(seller)).statusCode).toBe(200);
    expect((await auditOf(car)).map((a) => a.action)).toEqual(['hide_listing', 'keep_hidden']);
  });
});
