/**
 * 'Download my data' (`GET /api/me/export`): a JSON attachment with everything the marketplace
 * keeps about the caller (and only the caller: there is no id to ask for), at most once per ten
 * minutes, written across pages of rows when there are many.
 */
import { sql } from 'drizzle-orm';
import { EXPORT_PAGE, exportKey } from './account-export';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';

interface Exported {
  account: { id: string; email: string; name: string };
  cars: { id: string; carName: string; priceHistory: { price: number }[] }[];
  bookings: {
    id: string;
    role: string;
    status: string;
    phone: string;
    messages: { text: string; mine: boolean }[];
  }[];
  savedCars: { carId: string }[];
  savedSearches: { query: string }[];
  notifications: { kind: string }[];
  reviewsWritten: { rating: number }[];
  reviewsReceived: { rating: number; buyerName: string }[];
  reports: { targetId: string; reason: string }[];
  moderation: { action: string; targetId: string; reason: string }[];
}

describe(`downloading one's data (${databaseKind})`, () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await registerUser(ctx.app, 'Admin');
  });
  afterAll(() => ctx.close());

  const as = (user: TestUser, method: 'POST' | 'PUT' | 'PATCH', url: string, payload = {}) =>
    ctx.app.inject({ method, url, headers: user.auth, payload }).then((response) => {
      if (response.statusCode >= 300) {
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
      }
      return response;
    });
  const download = (user: TestUser) =>
    ctx.app.inject({ url: '/api/me/export', headers: user.auth });

  it("holds the account's cars, bookings with messages, saves, notices, reviews, reports and decisions about it; nobody else's", async () => {
    const [seller, buyer, stranger] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'export-seller'),
      registerUser(ctx.app, 'Buyer', 'export-buyer'),
      registerUser(ctx.app, 'Seller', 'export-stranger'),
    ]);
    const car = await postProduct(ctx.app, seller, {
      carName: 'Exported Golf',
      resalePrice: '9000',
    });
    const other = await postProduct(ctx.app, stranger, { carName: 'Not Mine' });
    await as(seller, 'PATCH', `/api/products/${car}`, { resalePrice: '8500' });
    const id = await placeOrder(ctx.app, buyer, car);
    expect((await sendMessage(ctx.app, buyer, id, 'Is the Golf still there?')).statusCode).toBe(
      201,
    );
    expect((await sendMessage(ctx.app, seller, id, 'It is')).statusCode).toBe(201);
    await as(seller, 'PATCH', `/api/orders/${id}`, { status: 'accepted' });
    await as(seller, 'PATCH', `/api/orders/${id}`, { status: 'sold' });
    await as(buyer, 'POST', `/api/orders/${id}/review`, {
      rating: 4,
      text: 'Fair seller, quick to answer.',
    });
    await as(buyer, 'PUT', `/api/saved-cars/${other}`);
    await as(buyer, 'POST', '/api/saved-searches', { query: 'category=BMW' });
    await as(buyer, 'POST', '/api/reports', {
      targetKind: 'product',
      targetId: other,
      reason: 'scam',
      details: 'Asks for a deposit by wire',
    });
    // A decision about the seller's car, reported by the buyer: the seller learns what, not who.
    const second = await postProduct(ctx.app, seller, { carName: 'Reported Polo' });
    await as(buyer, 'POST', '/api/reports', {
      targetKind: 'product',
      targetId: second,
      reason: 'wrong_info',
    });
    await as(admin, 'POST', `/api/admin/products/${second}/hide`, { reason: 'Wrong mileage' });

    const response = await download(seller);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="cardealer-data.json"',
    );
    const mine = response.json<Exported>();
    expect(mine.account).toMatchObject({ id: seller._id, email: seller.email, name: seller.name });
    const golf = mine.cars.find((c) => c.id === car);
    expect(golf?.priceHistory.map((row) => row.price)).toEqual([9000, 8500]);
    expect(mine.cars.map((c) => c.carName).sort()).toEqual(['Exported Golf', 'Reported Polo']);
    expect(mine.bookings).toHaveLength(1);
    expect(mine.bookings[0]).toMatchObject({ id, role: 'seller', status: 'sold' });
    expect(mine.bookings[0]!.messages).toEqual([
      expect.objectContaining({ text: 'Is the Golf still there?', mine: false }),
      expect.objectContaining({ text: 'It is', mine: true }),
    ]);
    expect(mine.reviewsReceived).toEqual([expect.objectContaining({ rating: 4 })]);
    expect(mine.notifications.length).toBeGreaterThan(0);
    expect(mine.moderation).toEqual([
      expect.objectContaining({
        action: 'hide_listing',
        targetId: second,
        reason: 'Wrong mileage',
      }),
    ]);
    // Never who reported it, nor anything of the stranger's.
    expect(response.body).not.toContain(buyer._id);
    expect(response.body).not.toContain('Not Mine');

    const theirs = (await download(buyer)).json<Exported>();
    expect(theirs.account.id).toBe(buyer._id);
    expect(theirs.bookings[0]).toMatchObject({ id, role: 'buyer' });
    expect(theirs.bookings[0]!.messages.map((m) => m.mine)).toEqual([true, false]);
    expect(theirs.savedCars).toEqual([expect.objectContaining({ carId: other })]);
    expect(theirs.savedSearches).toEqual([expect.objectContaining({ query: 'category=BMW' })]);
    expect(theirs.reviewsWritten).toEqual([expect.objectContaining({ rating: 4 })]);
    expect(theirs.reports.map((r) => r.reason).sort()).toEqual(['scam', 'wrong_info']);
    expect(theirs.cars).toEqual([]);
  });

  it("gives only the caller's own: there is no id to ask for another account with", async () => {
    const [person, other] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'own-only'),
      registerUser(ctx.app, 'Seller', 'someone-else'),
    ]);
    const byPath = await ctx.app.inject({
      url: `/api/me/export/${other._id}`,
      headers: person.auth,
    });
    expect(byPath.statusCode).toBe(404);
    const byQuery = await ctx.app.inject({
      url: `/api/me/export?id=${other._id}&email=${encodeURIComponent(other.email)}`,
      headers: person.auth,
    });
    expect(byQuery.statusCode).toBe(200);
    expect(byQuery.json<Exported>().account.id).toBe(person._id);
    expect(byQuery.body).not.toContain(other.email);
    expect((await ctx.app.inject({ url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('answers 429 with Retry-After within ten minutes of the last download', async () => {
    const person = await registerUser(ctx.app, 'Buyer', 'twice');
    expect((await download(person)).statusCode).toBe(200);
    const again = await download(person);
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(9 * 60);
    expect(wait).toBeLessThanOrEqual(10 * 60);
    expect(again.json().message).toMatch(/once per 10 minutes/);
    // Ten minutes later it may download again.
    await ctx.database.db.execute(
      sql`update rate_limit_windows set reset_at = now() - interval '1 second'
          where key = ${exportKey(person._id)}`,
    );
    expect((await download(person)).statusCode).toBe(200);
  });

  it('writes bookings and messages across pages, each message with its booking', async () => {
    const [seller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'paged-seller'),
      registerUser(ctx.app, 'Buyer', 'paged-buyer'),
    ]);
    const car = await postProduct(ctx.app, seller);
    // More bookings than a page, and a conversation longer than a page of messages, written
    // straight to the database (the API's limits would take minutes).
    const count = EXPORT_PAGE + 3;
    await ctx.database.db.execute(sql`
      insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
        meet_location, product_id, car_image, status, seller_email, seller_name, buyer_id, seller_id)
      select 'paged-' || lpad(n::text, 4, '0'), 'B', ${buyer.email}, 'Car', 1, '5551234567',
        'Here', ${car}, '', 'declined', ${seller.email}, 'S', ${buyer._id}, ${seller._id}
      from generate_series(1, ${count}) n`);
    await ctx.database.db.execute(sql`
      insert into messages (id, order_id, sender_email, sender_name, text, sender_id, created_at)
      select 'm-' || n, case when n <= 1200 then 'paged-0001' else 'paged-0503' end,
        ${buyer.email}, 'B', 'message ' || n, ${buyer._id},
        now() + n * interval '1 millisecond'
      from generate_series(1, 1300) n`);
    const data = (await download(buyer)).json<Exported>();
    expect(data.bookings).toHaveLength(count);
    const counts = Object.fromEntries(data.bookings.map((b) => [b.id, b.messages.length]));
    expect(counts['paged-0001']).toBe(1200);
    expect(counts['paged-0503']).toBe(100);
    expect(counts['paged-0002']).toBe(0);
    const first = data.bookings.find((b) => b.id === 'paged-0001')!;
    expect(first.messages.slice(0, 2).map((m) => m.text)).toEqual(['message 1', 'message 2']);
  });
});
