/**
 * The alert matcher when things go wrong: killed mid-way (its changes wait for the next run,
 * which writes each alert once), two matchers at once, a change queued twice, a search deleted
 * while its alert is being written, a car deleted with its change still queued, a price changed
 * twice before the matcher ran, and 150 cars posted at once (the queue drains in batches while the
 * server keeps answering).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  alertsFor,
  MATCH_ON_DEMAND,
  queued,
  reprice,
  saveCar,
  saveSearch,
} from '../../test/alert-fixture';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { newId } from '../platform/db/ids';
import { products } from '../platform/db/schema';
import { alertMatcher, type MatcherOptions } from './matcher';

describe(`alert matcher, when things go wrong (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  const db = () => ctx.database.db;
  const run = () => ctx.app.alertMatching.run();
  /** Empties the queue with a matcher of these options. */
  const drain = async (options: MatcherOptions = {}) => {
    const matcher = alertMatcher(db(), options);
    while ((await matcher.matchBatch()).changes > 0);
  };
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await db().execute(query)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };

  beforeAll(async () => {
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());
  afterEach(async () => {
    await run();
    expect(await queued(db())).toBe(0);
  });

  it('leaves a killed run’s changes queued; the next run writes each alert once', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'killed');
    await saveSearch(ctx.app, buyer, 'category=Tesla&maxPrice=25000');
    const cars = [
      await postProduct(ctx.app, seller, { resalePrice: 20000 }),
      await postProduct(ctx.app, seller, { resalePrice: 21000 }),
    ];
    const killed = drain({
      afterWrite: async () => {
        throw new Error('killed mid-way');
      },
    });
    await expect(killed).rejects.toThrow('killed mid-way');
    expect(await queued(db())).toBe(2);
    expect(await alertsFor(db(), buyer)).toEqual([]);
    // The same change queued twice (a repeat) is alerted once.
    await db().execute(sql`insert into alert_work (product_id, kind)
      select product_id, kind from alert_work`);
    await run();
    expect((await alertsFor(db(), buyer)).map((a) => a.productId).sort()).toEqual(cars.sort());
  });

  it('writes each alert once with two matchers (and the app’s) at once', async () => {
    const buyers = await Promise.all(
      [1, 2, 3].map((i) => registerUser(ctx.app, 'Buyer', `together-${i}`)),
    );
    for (const buyer of buyers) await saveSearch(ctx.app, buyer, 'category=BMW&minPrice=70000');
    const cars = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        postProduct(ctx.app, seller, { categoryName: 'BMW', resalePrice: 70000 + i }),
      ),
    );
    // Each change queued twice over, so the matchers also write the same alerts at once.
    await db().execute(sql`insert into alert_work (product_id, kind)
      select product_id, kind from alert_work`);
    await Promise.all([drain({ batch: 3 }), drain({ batch: 5 }), run()]);
    for (const buyer of buyers) {
      expect((await alertsFor(db(), buyer)).map((a) => a.productId).sort()).toEqual(cars.sort());
    }
  });

  it('leaves out the alert of a search deleted while the matcher writes it', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'deleter');
    const kept = await saveSearch(ctx.app, buyer, 'category=Ferrari');
    const gone = await saveSearch(ctx.app, buyer, 'category=Ferrari&maxPrice=300000');
    const car = await postProduct(ctx.app, seller, {
      categoryName: 'Ferrari',
      resalePrice: 250000,
    });
    await drain({
      // On PostgreSQL the delete commits on a connection of its own, as another request would.
      beforeWrite: async (tx) => {
        await (databaseKind === 'postgres' ? db() : tx).execute(
          sql`delete from saved_searches where id = ${gone}`,
        );
      },
    });
    expect((await alertsFor(db(), buyer)).map((a) => a.alertKey)).toEqual([`match:${kept}:${car}`]);
  });

  it('drops the queued change of a car deleted before the matcher ran', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'too-late');
    await saveSearch(ctx.app, buyer, 'category=Lamborghini');
    const car = await postProduct(ctx.app, seller, { categoryName: 'Lamborghini' });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller-products/${car}`,
      headers: seller.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await queued(db())).toBeGreaterThan(0);
    await run();
    expect(await queued(db())).toBe(0);
    expect(await alertsFor(db(), buyer)).toEqual([]);
  });

  it('tells of two drops of a price changed twice before the matcher ran in one alert, and matches once', async () => {
    const [watcher, hunter] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'twice-watcher'),
      registerUser(ctx.app, 'Buyer', 'twice-hunter'),
    ]);
    const car = await postProduct(ctx.app, seller, {
      carName: 'Tesla Model Y',
      resalePrice: 40000,
    });
    await run();
    await saveCar(ctx.app, watcher, car);
    const search = await saveSearch(ctx.app, hunter, 'category=Tesla&maxPrice=39000');
    await reprice(ctx.app, seller, car, 38000);
    await reprice(ctx.app, seller, car, 35000);
    await run();
    // One alert a day per car and saver: the second drop joins the first's.
    expect((await alertsFor(db(), watcher)).map((a) => a.text)).toEqual([
      'Tesla Model Y is $5,000 cheaper: now $35,000',
    ]);
    // One instant mail waits for it.
    expect(
      await count(sql`select count(*)::int as n from outbox
        where kind = 'alert' and user_id = ${watcher._id}`),
    ).toBe(1);
    expect(await alertsFor(db(), hunter)).toMatchObject([
      { alertKey: `match:${search}:${car}`, text: expect.stringContaining('$35,000') },
    ]);
  });

  it('matches a car with a 200-character location quickly, and exactly', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'far-away');
    const location = randomBytes(100).toString('hex');
    // A part of it, in capitals: search's location filter is a part of the car's, any case.
    const part = location.slice(40, 190).toUpperCase();
    const search = await saveSearch(ctx.app, buyer, `location=${part}`);
    await saveSearch(ctx.app, buyer, `location=${part}x`);
    const car = await postProduct(ctx.app, seller, { productLocation: location });
    const started = performance.now();
    await run();
    // Every part of 200 letters as a key took 2.9 s at 100,000 searches; three letters at most.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await alertsFor(db(), buyer)).map((a) => a.alertKey)).toEqual([
      `match:${search}:${car}`,
    ]);
  });

  // Eight batches: enough to show the queue drains between the server's requests.
  const FLOOD = 150;
  it('drains 150 cars posted at once in batches while the server keeps answering', async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'flood');
    await saveSearch(ctx.app, buyer, 'category=Ferrari&q=flood');
    const email = seller.email;
    const rows = Array.from({ length: FLOOD }, (_, i) => ({
      _id: newId(),
      carName: `Ferrari Roma flood ${i}`,
      carPhoto: '/images/cars/car-04.svg',
      categoryName: 'Ferrari',
      condition: 'Good' as const,
      originalPrice: 300000,
      resalePrice: 200000 + i,
      productLocation: 'Miami, FL',
      userYears: 1,
      postTime: 'today',
      productDescription: 'A flood of cars.',
      sellerName: 'Seller',
      email,
    }));
    await db().insert(products).values(rows);
    expect(await queued(db())).toBe(FLOOD);
    let finished = 0;
    const running = run().then(() => (finished = performance.now()));
    const answer = await ctx.app.inject({ url: '/api/products?category=Ferrari&limit=1' });
    const answered = performance.now();
    expect(answer.statusCode).toBe(200);
    await running;
    expect(answered).toBeLessThan(finished);
    expect(await queued(db())).toBe(0);
    expect(await alertsFor(db(), buyer)).toHaveLength(FLOOD);
  });
});
