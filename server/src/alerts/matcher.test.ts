/**
 * The alert matcher as the people alerted see it: a new car alerts the saved searches
 * it matches, a lower price the searches it starts to match and the people who saved the car,
 * a sale the people who saved it; each alert once ever, none for the seller's own car or a
 * search saved after the car, none for a saved car whose alerts are off; mailed as each
 * setting says; and an alert reaches its owner's live event stream (the bell) as it is written.
 */
import { eq, sql } from 'drizzle-orm';
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
import { products } from '../platform/db/schema';

describe(`alert matcher (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  const run = () => ctx.app.alertMatching.run();
  const bmw = (price: number, name = '2019 BMW 330i') =>
    postProduct(ctx.app, seller, { carName: name, categoryName: 'BMW', resalePrice: price });
  const execute = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

  beforeAll(async () => {
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    [seller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Buyer'),
    ]);
  });
  afterAll(() => ctx.close());

  it('alerts a saved search of a new car it lists, once, with the car and its price', async () => {
    const search = await saveSearch(ctx.app, buyer, 'category=BMW&maxPrice=60000');
    const car = await bmw(35000);
    await postProduct(ctx.app, seller, { categoryName: 'Tesla', resalePrice: 30000 });
    await bmw(61000, 'BMW M8');
    await run();
    expect(await queued(ctx.database.db)).toBe(0);
    expect(await alertsFor(ctx.database.db, buyer)).toEqual([
      {
        kind: 'match',
        text: 'New match for "BMW · under $60,000": 2019 BMW 330i, $35,000',
        productId: car,
        savedSearchId: search,
        alertKey: `match:${search}:${car}`,
        mail: 'digest',
        userEmail: buyer.email,
      },
    ]);
    await run();
    expect(await alertsFor(ctx.database.db, buyer)).toHaveLength(1);
  });

  it("quotes the search's and the car's names as written, on one line", async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'names');
    const search = await saveSearch(
      ctx.app,
      user,
      'category=BMW&minPrice=90000',
      'Sports  cars   sss',
    );
    const car = await bmw(95000, 'BMW   M5 Competition\u00a0xDrive');
    await run();
    expect(await alertsFor(ctx.database.db, user)).toMatchObject([
      {
        alertKey: `match:${search}:${car}`,
        text: 'New match for "Sports cars sss": BMW M5 Competition xDrive, $95,000',
      },
    ]);
  });

  it("alerts neither the seller's own car nor a search saved after the car", async () => {
    const late = await registerUser(ctx.app, 'Buyer', 'late');
    const sellerSearch = await saveSearch(ctx.app, seller, 'category=Ferrari');
    const car = await postProduct(ctx.app, seller, {
      categoryName: 'Ferrari',
      resalePrice: 200000,
    });
    await saveSearch(ctx.app, late, 'category=Ferrari');
    await run();
    expect(await alertsFor(ctx.database.db, seller)).toEqual([]);
    expect(await alertsFor(ctx.database.db, late)).toEqual([]);
    // Another seller's Ferrari alerts both.
    const other = await registerUser(ctx.app, 'Seller', 'other-seller');
    const theirs = await postProduct(ctx.app, other, { categoryName: 'Ferrari' });
    await run();
    expect((await alertsFor(ctx.database.db, seller)).map((a) => a.alertKey)).toEqual([
      `match:${sellerSearch}:${theirs}`,
    ]);
    expect((await alertsFor(ctx.database.db, late)).map((a) => a.productId)).toEqual([theirs]);
    expect(car).not.toBe(theirs);
  });

  it('alerts a search a lower price starts to match, once ever however the price moves', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'bargain');
    const car = await postProduct(ctx.app, seller, {
      carName: 'Lamborghini Urus',
      categoryName: 'Lamborghini',
      resalePrice: 250000,
    });
    const search = await saveSearch(ctx.app, user, 'category=Lamborghini&maxPrice=200000');
    await run();
    expect(await alertsFor(ctx.database.db, user)).toEqual([]);
    await reprice(ctx.app, seller, car, 199000);
    await run();
    expect(await alertsFor(ctx.database.db, user)).toMatchObject([
      {
        kind: 'match',
        alertKey: `match:${search}:${car}`,
        text: 'New match for "Lamborghini · under $200,000": Lamborghini Urus, $199,000',
      },
    ]);
    // It stops matching, then starts again: no second alert.
    await reprice(ctx.app, seller, car, 240000);
    await run();
    await reprice(ctx.app, seller, car, 150000);
    await run();
    expect(await alertsFor(ctx.database.db, user)).toHaveLength(1);
  });

  it('tells who saved a car of a lower price and of its sale; not when alerts are off', async () => {
    const [watcher, quiet] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'watcher'),
      registerUser(ctx.app, 'Buyer', 'quiet'),
    ]);
    const car = await bmw(35000, '2019 BMW 330i');
    await run();
    await saveCar(ctx.app, watcher, car);
    await saveCar(ctx.app, quiet, car);
    await execute(sql`update saved_cars set alerts = false where user_id = ${quiet._id}`);
    await reprice(ctx.app, seller, car, 33000);
    await reprice(ctx.app, seller, car, 36000);
    await run();
    const [drop] = await alertsFor(ctx.database.db, watcher);
    expect(drop).toMatchObject({
      kind: 'price_drop',
      text: '2019 BMW 330i is $2,000 cheaper: now $33,000',
      productId: car,
      savedSearchId: null,
      mail: 'now',
    });
    expect(drop!.alertKey).toMatch(new RegExp(`^drop:${watcher._id}:${car}:\\d+$`));
    await ctx.database.db.update(products).set({ soldAt: new Date() }).where(eq(products._id, car));
    await run();
    expect(
      (await alertsFor(ctx.database.db, watcher)).map((a) => [a.kind, a.text, a.alertKey]),
    ).toEqual([
      ['price_drop', '2019 BMW 330i is $2,000 cheaper: now $33,000', drop!.alertKey],
      ['saved_sold', '2019 BMW 330i, which you saved, has been sold', `sold:${watcher._id}:${car}`],
    ]);
    expect(await alertsFor(ctx.database.db, quiet)).toEqual([]);
    // The instant alerts wait in the outbox, one per car and account.
    const outbox = (await execute(
      sql`select count(*)::int as n from outbox where kind = 'alert' and user_id = ${watcher._id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(outbox.rows[0]!.n).toBe(1);
  });

  it('mails each alert as its setting says', async () => {
    const people = await Promise.all(
      ['instant', 'never', 'daily-off', 'cars-daily', 'cars-never', 'cars-daily-off'].map((label) =>
        registerUser(ctx.app, 'Buyer', label),
      ),
    );
    const [instant, never, dailyOff, carsDaily, carsNever, carsDailyOff] = people as TestUser[];
    const setting = (user: TestUser, digest: boolean, savedCars: string) =>
      execute(sql`insert into alert_settings (user_id, digest, saved_cars)
        values (${user._id}, ${digest}, ${savedCars})`);
    for (const [user, notify] of [
      [instant, 'instant'],
      [never, 'never'],
      [dailyOff, 'daily'],
    ] as const) {
      const id = await saveSearch(ctx.app, user, 'category=Tesla&maxPrice=20000');
      await execute(sql`update saved_searches set notify = ${notify} where id = ${id}`);
    }
    await setting(dailyOff, false, 'instant');
    await setting(carsDaily, true, 'daily');
    await setting(carsNever, true, 'never');
    await setting(carsDailyOff, false, 'daily');
    const car = await postProduct(ctx.app, seller, { categoryName: 'Tesla', resalePrice: 19000 });
    for (const user of [carsDaily, carsNever, carsDailyOff]) await saveCar(ctx.app, user, car);
    await run();
    await reprice(ctx.app, seller, car, 18000);
    await run();
    const mails = await Promise.all(
      people.map(async (user) => (await alertsFor(ctx.database.db, user)).map((a) => a.mail)),
    );
    expect(mails).toEqual([['now'], ['none'], ['none'], ['digest'], ['none'], ['none']]);
  });

  /** The app's address, listening from the first test that asks (the live stream's). */
  let listening: Promise<string> | undefined;
  const address = () => (listening ??= ctx.app.listen({ port: 0, host: '127.0.0.1' }));

  it("tells the search's owner's open stream of a new match", async () => {
    const watcher = await registerUser(ctx.app, 'Buyer');
    await saveSearch(ctx.app, watcher, 'category=Ferrari');
    const leave = new AbortController();
    const response = await fetch(`${await address()}/api/events`, {
      headers: watcher.auth,
      signal: leave.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended without ${pattern}: ${text}`);
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    try {
      await until(/event: unread\ndata: \{"unread":0\}/);
      await postProduct(ctx.app, seller, { categoryName: 'Ferrari' });
      await ctx.app.alertMatching.run();
      await until(/event: notification\ndata: [^\n]*"kind":"match"[^\n]*"unread":1/);
    } finally {
      leave.abort();
    }
  });
});
