/**
 * What each listing earns: views counted once per visitor and day (a car's server-rendered page,
 * or the web app's beacon), robots and the seller's own views left out, written off the request
 * path; and `GET /api/insights`, a seller's own cars, an admin's the marketplace.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../platform/paths';
import { rowsOf } from '../platform/db/rows';
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36';
const ROBOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (Linux; Android 11; moto g power) Chrome-Lighthouse',
  'facebookexternalhit/1.1',
  'curl/8.5.0',
  '',
];

interface InsightsBody {
  days: number;
  from: string;
  to: string;
  cars: {
    _id: string;
    name: string;
    views: number;
    saves: number;
    bookings: number;
    viewsPerDay: number[];
  }[];
  totals: {
    views: number;
    saves: number;
    bookings: number;
    messages: number;
    cars: number;
    viewsPerDay: number[];
  };
}

describe(`what each listing earns (${databaseKind})`, () => {
  let ctx: TestContext;
  let webRoot: string;
  let seller: TestUser;
  let otherSeller: TestUser;
  let buyer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'cardealer-insights-'));
    const template = readFileSync(join(repoRoot, 'public', 'index.html'), 'utf8');
    writeFileSync(join(webRoot, 'index.html'), template);
    writeFileSync(join(webRoot, 'shell.html'), template);
    writeFileSync(join(webRoot, '404.html'), 'not found');
    writeFileSync(
      join(webRoot, 'pages.json'),
      JSON.stringify({ pages: {}, appRoutes: [], shell: 'shell.html', notFound: '404.html' }),
    );
    // Views are written when the test says (flush), never by the timer.
    ctx = await buildTestApp({ webRoot, viewCounting: { flushMs: 3_600_000 } });
    [seller, otherSeller, buyer, admin] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'insights-seller'),
      registerUser(ctx.app, 'Seller', 'insights-other'),
      registerUser(ctx.app, 'Buyer', 'insights-buyer'),
      registerUser(ctx.app, 'Admin', 'insights-admin'),
    ]);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const openPage = (id: string, userAgent: string, remoteAddress = '203.0.113.7') =>
    ctx.app.inject({
      method: 'GET',
      url: `/cars/${id}`,
      headers: { accept: 'text/html', 'user-agent': userAgent },
      remoteAddress,
    });
  const beacon = (id: string, headers: Record<string, string>, remoteAddress = '198.51.100.4') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/products/${id}/view`,
      headers: { 'user-agent': BROWSER, ...headers },
      remoteAddress,
    });
  async function insightsOf(user: TestUser, days = 30): Promise<InsightsBody> {
    await ctx.app.carViews.flush();
    const response = await getAs(ctx.app, user, `/api/insights?days=${days}`);
    expect(response.statusCode).toBe(200);
    return response.json() as InsightsBody;
  }
  const viewsOf = async (user: TestUser, id: string) =>
    (await insightsOf(user)).cars.find((car) => car._id === id)?.views;

  it('counts a visitor of a car page once a day, and another visitor again', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Counted once' });
    for (let i = 0; i < 3; i++) expect((await openPage(car, BROWSER)).statusCode).toBe(200);
    expect(await viewsOf(seller, car)).toBe(1);
    await openPage(car, BROWSER, '203.0.113.8');
    await openPage(car, HEADLESS);
    expect(await viewsOf(seller, car)).toBe(3);
  });

  it('leaves out known robots, and counts a test browser (HeadlessChrome)', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Crawled' });
    for (const agent of ROBOTS) {
      expect((await openPage(car, agent, '192.0.2.50')).statusCode).toBe(200);
      expect((await beacon(car, { 'user-agent': agent }, '192.0.2.51')).statusCode).toBe(204);
    }
    expect(await viewsOf(seller, car)).toBe(0);
    await openPage(car, HEADLESS, '192.0.2.52');
    expect(await viewsOf(seller, car)).toBe(1);
  });

  it('counts a signed-in visitor once wherever they are, anonymous ones by address', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Beaconed' });
    expect((await beacon(car, buyer.auth, '198.51.100.10')).statusCode).toBe(204);
    await beacon(car, { ...buyer.auth, 'user-agent': `${BROWSER} Other` }, '198.51.100.11');
    expect(await viewsOf(seller, car)).toBe(1);
    await beacon(car, {}, '198.51.100.10');
    await beacon(car, {}, '198.51.100.11');
    await beacon(car, {}, '198.51.100.11');
    expect(await viewsOf(seller, car)).toBe(3);
  });

  it("does not count a seller's views of their own car", async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Admired by its seller' });
    await beacon(car, seller.auth);
    expect(await viewsOf(seller, car)).toBe(0);
  });

  it('never stores an address or an account in clear', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Private' });
    await openPage(car, BROWSER, '203.0.113.99');
    await beacon(car, buyer.auth);
    await ctx.app.carViews.flush();
    const rows = await rowsOf<{ visitor: string }>(
      ctx.database.db,
      sql`select visitor from car_views where car_id = ${car}`,
    );
    expect(rows).toHaveLength(2);
    for (const { visitor } of rows) {
      expect(visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(visitor).not.toContain('203.0.113');
      expect(visitor).not.toContain(buyer._id);
    }
  });

  it('answers the page before the view is written', async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Not slowed' });
    const before = ctx.app.carViews.waiting;
    expect((await openPage(car, BROWSER, '203.0.113.120')).statusCode).toBe(200);
    expect(ctx.app.carViews.waiting).toBe(before + 1);
    const rows = await rowsOf<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from car_views where car_id = ${car}`,
    );
    expect(rows[0]!.n).toBe(0);
    await ctx.app.carViews.flush();
    expect(ctx.app.carViews.waiting).toBe(0);
  });

  it("adds up a seller's saves, bookings and buyers' messages", async () => {
    const car = await postProduct(ctx.app, seller, { carName: 'Wanted', resalePrice: '21000' });
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/saved-cars/${car}`,
      headers: buyer.auth,
    });
    expect(saved.statusCode).toBe(200);
    const order = await placeOrder(ctx.app, buyer, car);
    expect((await sendMessage(ctx.app, buyer, order, 'Is it still for sale?')).statusCode).toBe(
      201,
    );
    expect((await sendMessage(ctx.app, seller, order, 'It is.')).statusCode).toBe(201);
    await openPage(car, BROWSER, '203.0.113.200');
    const body = await insightsOf(seller);
    const row = body.cars.find((c) => c._id === car);
    expect(row).toMatchObject({
      name: 'Wanted',
      views: 1,
      saves: 1,
      bookings: 1,
      messages: 1,
      price: 21000,
      daysOnMarket: 0,
    });
    expect(body.totals.saves).toBeGreaterThanOrEqual(1);
    expect(body.totals.views).toBe(body.cars.reduce((sum, c) => sum + c.views, 0));
  });

  it("shows a seller only their own cars, and an admin everyone's", async () => {
    const theirs = await postProduct(ctx.app, otherSeller, { carName: 'Not yours' });
    await openPage(theirs, BROWSER, '203.0.113.150');
    const mine = await insightsOf(seller);
    expect(mine.cars.map((car) => car._id)).not.toContain(theirs);
    const other = await insightsOf(otherSeller, 90);
    expect(other.days).toBe(90);
    expect(other.cars.map((car) => car._id)).toEqual([theirs]);
    expect(other.totals).toMatchObject({ cars: 1, views: 1 });
    const all = await insightsOf(admin);
    expect(all.cars.map((car) => car._id)).toContain(theirs);
    expect(all.totals.views).toBe(mine.totals.views + other.totals.views);
  });

  it('answers 400 naming days for another window, 403 to a buyer, 401 to a stranger', async () => {
    for (const days of ['7', '365', 'x']) {
      const response = await getAs(ctx.app, seller, `/api/insights?days=${days}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/days/);
    }
    expect((await getAs(ctx.app, buyer, '/api/insights')).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/insights' })).statusCode).toBe(401);
    const badId = await beacon('no such id!', {});
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/);
  });

  it('gives every day of the window as one number a day, from the shared first day', async () => {
    const body = await insightsOf(seller, 90);
    const today = new Date().toISOString().slice(0, 10);
    const first = new Date(Date.parse(`${today}T00:00:00Z`) - 89 * 86_400_000);
    expect(body).toMatchObject({ days: 90, from: first.toISOString().slice(0, 10), to: today });
    expect(body.totals.viewsPerDay).toHaveLength(90);
    // Every view of this suite is today's: the last day holds them all, the others none.
    expect(body.totals.viewsPerDay.at(-1)).toBe(body.totals.views);
    expect(body.totals.viewsPerDay.slice(0, -1).every((views) => views === 0)).toBe(true);
    for (const car of body.cars) {
      expect(car.viewsPerDay).toHaveLength(90);
      expect(car.viewsPerDay.at(-1)).toBe(car.views);
    }
  });

  it("places a car's views on the days they were made, and sums them across cars", async () => {
    const [one, two] = [
      await postProduct(ctx.app, seller, { carName: 'Seen last week' }),
      await postProduct(ctx.app, seller, { carName: 'Seen last week too' }),
    ];
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    // Views of earlier days, as the counter wrote them then (its trigger keeps the counts).
    await ctx.database.db.execute(sql`insert into car_views (car_id, day, visitor) values
      (${one}, ${day(7)}::date, 'earlier-a'), (${one}, ${day(7)}::date, 'earlier-b'),
      (${one}, ${day(3)}::date, 'earlier-c'), (${two}, ${day(7)}::date, 'earlier-d'),
      (${two}, ${day(40)}::date, 'before-the-window')`);
    const before = await insightsOf(seller, 30);
    const car = (id: string) => before.cars.find((c) => c._id === id)!;
    expect(car(one).viewsPerDay.at(-8)).toBe(2);
    expect(car(one).viewsPerDay.at(-4)).toBe(1);
    expect(car(one).views).toBe(3);
    expect(car(two).viewsPerDay.at(-8)).toBe(1);
    expect(car(two).views).toBe(1);
    expect(before.totals.viewsPerDay.at(-8)).toBe(3);
    expect(before.totals.viewsPerDay).toHaveLength(30);
    const longer = await insightsOf(seller, 90);
    expect(longer.cars.find((c) => c._id === two)!.viewsPerDay.at(-41)).toBe(1);
    expect(longer.totals.views).toBe(before.totals.views + 1);
  });
});
