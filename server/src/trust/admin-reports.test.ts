/**
 * The moderators' queue and a target's file: one row per target with open reports,
 * flags or a request for review, with its reasons, people, flags and state; the file holds every
 * report, the listing or the account, and the audit log's lines about it, newest first.
 */
import { eq, sql } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { products, reports, reviews } from '../platform/db/schema';
import { closeReports, logAction } from './moderation-writes';
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`the moderation queue (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let seller: TestUser;
  let otherSeller: TestUser;
  let admin: TestUser;
  const cars: Record<string, string> = {};

  const report = async (user: TestUser, kind: string, id: string, reason: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: user.auth,
      payload: { targetKind: kind, targetId: id, reason, details: `${reason} by ${user.name}` },
    });
    expect(response.statusCode).toBe(201);
  };
  const flag = (id: string, reason: string) =>
    ctx.database.db.insert(reports).values({
      _id: newId(),
      targetKind: 'product',
      targetId: id,
      reason: reason as 'low_price',
      details: 'Found by the marketplace',
    });
  const hide = (id: string, hidden: 'moderation' | 'pending', asked: boolean) =>
    ctx.database.db
      .update(products)
      .set({
        hidden,
        hiddenReason: hidden === 'moderation' ? 'Fake photos' : null,
        hiddenAt: new Date(),
        reviewAskedAt: asked ? new Date() : null,
      })
      .where(eq(products._id, id));
  const queue = async (query = '') => {
    const response = await getAs(ctx.app, admin, `/api/admin/reports${query}`);
    expect(response.statusCode).toBe(200);
    return {
      rows: response.json() as Record<string, unknown>[],
      total: response.headers['x-total-count'],
    };
  };
  const file = async (kind: string, id: string) => {
    const response = await getAs(ctx.app, admin, `/api/admin/reports/${kind}/${id}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const moderator = () => ({ id: admin._id, name: admin.name });

  beforeAll(async () => {
    ctx = await buildTestApp();
    [buyer, seller, otherSeller, admin] = await Promise.all([
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Seller', 'other-seller'),
      registerUser(ctx.app, 'Admin'),
    ]);
    for (const name of ['reported', 'asked', 'quiet', 'closed', 'pending', 'deleted']) {
      cars[name] = await postProduct(ctx.app, seller, { carName: `Car ${name}` });
    }
    // Three people (two reasons) and a flag on one car; the seller's account by one person.
    await report(buyer, 'product', cars.reported!, 'scam');
    await report(otherSeller, 'product', cars.reported!, 'other');
    await report(admin, 'product', cars.reported!, 'scam');
    await flag(cars.reported!, 'low_price');
    await report(buyer, 'user', seller._id, 'offensive');
    // Hidden with a request for review; hidden without one (not in the queue); decided reports.
    await hide(cars.asked!, 'moderation', true);
    await hide(cars.quiet!, 'moderation', false);
    await report(buyer, 'product', cars.closed!, 'wrong_info');
    await closeReports(
      ctx.database.db,
      { kind: 'product', id: cars.closed!, name: 'x' },
      'actioned',
    );
    // A new seller's car waiting for approval, flagged; a reported car deleted since.
    await hide(cars.pending!, 'pending', false);
    await flag(cars.pending!, 'new_seller');
    await report(buyer, 'product', cars.deleted!, 'already_sold');
    await ctx.database.db.delete(products).where(eq(products._id, cars.deleted!));
  });
  afterAll(() => ctx.close());

  it('has one row per target with open reports, flags or a request for review', async () => {
    const { rows, total } = await queue();
    expect(total).toBe('5');
    const byId = Object.fromEntries(rows.map((row) => [row.targetId, row]));
    expect(Object.keys(byId).sort()).toEqual(
      [cars.reported, cars.asked, cars.pending, cars.deleted, seller._id].sort(),
    );
    expect(byId[cars.reported!]).toEqual({
      targetKind: 'product',
      targetId: cars.reported,
      name: 'Car reported',
      reasons: ['low_price', 'other', 'scam'],
      people: 3,
      flags: 1,
      newestAt: expect.any(String),
      reviewAsked: false,
      state: 'for_sale',
    });
    expect(byId[seller._id]).toMatchObject({
      targetKind: 'user',
      name: seller.name,
      reasons: ['offensive'],
      people: 1,
      flags: 0,
      state: 'active',
    });
    expect(byId[cars.asked!]).toMatchObject({
      name: 'Car asked',
      reasons: [],
      people: 0,
      flags: 0,
      reviewAsked: true,
      state: 'hidden',
    });
    expect(byId[cars.pending!]).toMatchObject({
      reasons: ['new_seller'],
      people: 0,
      flags: 1,
      state: 'pending',
    });
    expect(byId[cars.deleted!]).toMatchObject({ name: 'Deleted listing', state: 'gone' });
  });

  it('pages and sorts on the server, newest first by default', async () => {
    const all = (await queue()).rows;
    const times = all.map((row) => Date.parse(row.newestAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byPeople = await queue('?sort=people&order=desc&limit=2');
    expect(byPeople.total).toBe('5');
    expect(byPeople.rows.map((row) => row.people)).toEqual([3, 1]);
    const second = await queue('?sort=people&order=desc&limit=2&offset=2');
    expect(second.rows).toHaveLength(2);
    const byName = await queue('?sort=name&order=asc');
    expect(byName.rows.map((row) => row.name)).toEqual(
      ['Car asked', 'Car pending', 'Car reported', 'Deleted listing', seller.name].sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    );
    for (const bad of ['?sort=reasons', '?order=up', '?limit=0', '?limit=101', '?offset=-1']) {
      expect((await getAs(ctx.app, admin, `/api/admin/reports${bad}`)).statusCode).toBe(400);
    }
  });

  it("shows a car's file: every report, the car and its own history", async () => {
    await logAction(ctx.database.db, moderator(), {
      action: 'dismiss',
      targetKind: 'product',
      targetId: cars.reported!,
      reason: 'Looked fine at first',
    });
    const car = await file('product', cars.reported!);
    expect(car.targetKind).toBe('product');
    expect(car.user).toBeNull();
    expect(car.product).toMatchObject({
      _id: cars.reported,
      carName: 'Car reported',
      resalePrice: 38500,
      sellerId: seller._id,
      sellerName: 'Sam Seller',
      state: 'for_sale',
      hiddenReason: null,
      reviewAskedAt: null,
    });
    expect(car.reports).toHaveLength(4);
    expect(car.reports.map((r: { reporterName: string | null }) => r.reporterName).sort()).toEqual(
      [admin.name, buyer.name, otherSeller.name, null].sort(),
    );
    const flagged = car.reports.find((r: { reporterId: string | null }) => r.reporterId === null);
    expect(flagged).toMatchObject({ reason: 'low_price', details: 'Found by the marketplace' });
    expect(car.history).toEqual([
      expect.objectContaining({
        adminName: admin.name,
        action: 'dismiss',
        reason: 'Looked fine at first',
      }),
    ]);
    const closed = await file('product', cars.closed!);
    expect(closed.reports).toEqual([
      expect.objectContaining({
        reason: 'wrong_info',
        outcome: 'actioned',
        closedAt: expect.any(String),
      }),
    ]);
    const asked = await file('product', cars.asked!);
    expect(asked.product).toMatchObject({ state: 'hidden', hiddenReason: 'Fake photos' });
    expect(asked.product.reviewAskedAt).toEqual(expect.any(String));
  });

  it("shows an account's file: its listings, reviews and the history of all of them", async () => {
    // A booking of a car for sale (a hidden one cannot be booked); the review names the car.
    const order = await placeOrder(ctx.app, buyer, cars.closed!);
    const reviewId = newId();
    await ctx.database.db.insert(reviews).values({
      _id: reviewId,
      orderId: order,
      sellerId: seller._id,
      buyerId: buyer._id,
      buyerName: buyer.name,
      productId: cars.quiet!,
      productName: 'Car quiet',
      rating: 1,
      text: 'Rude and late to every meeting.',
      hiddenAt: new Date(),
      hiddenReason: 'Abusive',
    });
    for (const [action, targetKind, targetId] of [
      ['hide_listing', 'product', cars.quiet!],
      ['hide_review', 'review', reviewId],
      ['suspend', 'user', seller._id],
      ['suspend', 'user', otherSeller._id],
    ] as const) {
      await logAction(ctx.database.db, moderator(), {
        action,
        targetKind,
        targetId,
        reason: action,
      });
      // Distinct times: the history is newest first.
      await ctx.database.db.execute(sql`select pg_sleep(0.01)`);
    }
    const account = await file('user', seller._id);
    expect(account.product).toBeNull();
    expect(account.user).toMatchObject({
      _id: seller._id,
      name: seller.name,
      email: seller.email,
      userRole: 'Seller',
      state: 'active',
      suspendedAt: null,
    });
    expect(account.user.listings.map((l: { carName: string }) => l.carName).sort()).toEqual(
      ['Car asked', 'Car closed', 'Car pending', 'Car quiet', 'Car reported'].sort(),
    );
    expect(account.user.reviews).toEqual([
      expect.objectContaining({ _id: reviewId, rating: 1, hiddenReason: 'Abusive' }),
    ]);
    expect(account.reports).toEqual([
      expect.objectContaining({ reporterName: buyer.name, reason: 'offensive' }),
    ]);
    // Its own lines, its listings' and its reviews': not another account's.
    expect(account.history.map((h: { action: string }) => h.action)).toEqual([
      'suspend',
      'hide_review',
      'hide_listing',
      'dismiss',
    ]);
  });

  it("keeps a deleted car's reports, and answers 404 for a target nobody knows", async () => {
    const gone = await file('product', cars.deleted!);
    expect(gone.product).toBeNull();
    expect(gone.reports).toEqual([expect.objectContaining({ reason: 'already_sold' })]);
    // An existing target with nothing against it: an empty file.
    const clean = await file('user', buyer._id);
    expect(clean.reports).toEqual([]);
    expect(clean.history).toEqual([]);
    for (const [url, status] of [
      ['/api/admin/reports/product/no-such-car', 404],
      ['/api/admin/reports/user/no-such-user', 404],
      ['/api/admin/reports/review/abc', 400],
      ['/api/admin/reports/product/bad%20id', 400],
    ] as const) {
      expect((await getAs(ctx.app, admin, url)).statusCode).toBe(status);
    }
    expect((await getAs(ctx.app, buyer, '/api/admin/reports')).statusCode).toBe(403);
    expect((await getAs(ctx.app, seller, `/api/admin/reports/user/${seller._id}`)).statusCode).toBe(
      403,
    );
  });
});
