/**
 * A seller cannot spam the people who saved a car with price drops: a new price is a drop only
 * below every price of the day before, each saver gets at most one drop alert per car a day
 * (later drops join it, in the bell and in the mail), and a car's price has a ceiling that fits
 * cars. Time is moved through the data (the rows' times), never by waiting.
 */
import { sql } from 'drizzle-orm';
import { alertsFor, MATCH_ON_DEMAND, reprice, saveCar } from '../../test/alert-fixture';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  productBody,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { alertRows, dropOf } from './alert-rows';

describe(`price drops a seller cannot spam (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  const db = () => ctx.database.db;
  const run = () => ctx.app.alertMatching.run();
  const priceDropOf = async (car: string) => {
    const page = await ctx.app.inject({ method: 'GET', url: `/api/products/${car}` });
    expect(page.statusCode).toBe(200);
    return page.json().priceDrop as { amount: number } | null;
  };
  /** What an alert mail would say of the account's alerts of the car now. */
  const mailed = async (user: TestUser, car: string) => {
    const result = (await db().execute(
      sql`select id from notifications where user_id = ${user._id} and product_id = ${car}`,
    )) as unknown as { rows: { id: string }[] };
    return dropOf(
      await alertRows(
        db(),
        user._id,
        result.rows.map((row) => row.id),
      ),
    );
  };
  /** Moves a car's history and its alerts `hours` into the past. */
  const age = async (car: string, hours: number) => {
    const shift = sql.raw(`interval '${hours} hours'`);
    await db().execute(
      sql`update price_history set changed_at = changed_at - ${shift} where product_id = ${car}`,
    );
    await db().execute(
      sql`update notifications set created_at = created_at - ${shift} where product_id = ${car}`,
    );
  };

  beforeAll(async () => {
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());

  it('tells each saver once of a price flipped back and forth, and joins a lower price to that alert', async () => {
    const saver = await registerUser(ctx.app, 'Buyer', 'flip-saver');
    const car = await postProduct(ctx.app, seller, { carName: 'Audi R8', resalePrice: 90000 });
    await run();
    await saveCar(ctx.app, saver, car);
    for (let flip = 0; flip < 15; flip += 1) {
      await reprice(ctx.app, seller, car, 30000);
      await reprice(ctx.app, seller, car, 90000);
    }
    await reprice(ctx.app, seller, car, 30000);
    await run();
    expect((await alertsFor(db(), saver)).map((alert) => alert.text)).toEqual([
      'Audi R8 is $60,000 cheaper: now $30,000',
    ]);
    expect(await mailed(saver, car)).toEqual({ less: '$60,000', now: '$30,000' });
    // $30,000 again is no drop: the car cost that an instant ago.
    expect(await priceDropOf(car)).toBeNull();
    await reprice(ctx.app, seller, car, 25000);
    await run();
    expect((await alertsFor(db(), saver)).map((alert) => alert.text)).toEqual([
      'Audi R8 is $65,000 cheaper: now $25,000',
    ]);
    expect(await mailed(saver, car)).toEqual({ less: '$65,000', now: '$25,000' });
    expect(await priceDropOf(car)).toMatchObject({ amount: 5000 });
    // Still one mail waiting for this car and account.
    const outbox = (await db().execute(
      sql`select count(*)::int as n from outbox where kind = 'alert' and user_id = ${saver._id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(outbox.rows[0]!.n).toBe(1);
  });

  it('alerts anew a day after the first drop, below the lowest price of that day', async () => {
    const saver = await registerUser(ctx.app, 'Buyer', 'next-day-saver');
    const car = await postProduct(ctx.app, seller, { carName: 'BMW M3', resalePrice: 50000 });
    await run();
    await saveCar(ctx.app, saver, car);
    await reprice(ctx.app, seller, car, 48000);
    await run();
    await age(car, 25);
    // Up and down again within the new day: a drop only below $48,000, from there.
    await reprice(ctx.app, seller, car, 52000);
    await reprice(ctx.app, seller, car, 49000);
    await run();
    expect(await alertsFor(db(), saver)).toHaveLength(1);
    await reprice(ctx.app, seller, car, 45000);
    await run();
    expect((await alertsFor(db(), saver)).map((alert) => alert.text)).toEqual([
      'BMW M3 is $2,000 cheaper: now $48,000',
      'BMW M3 is $3,000 cheaper: now $45,000',
    ]);
  });

  it('refuses a car priced over $10,000,000 on posting and on changing, and searches still ask for more', async () => {
    const tooDear = 'must be a number from 0 to 10000000';
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: seller.auth,
      payload: productBody({ resalePrice: 100_000_000 }),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.json().message).toContain(`resalePrice: ${tooDear}`);
    const asText = await ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: seller.auth,
      payload: productBody({ originalPrice: '10000001' }),
    });
    expect(asText.statusCode).toBe(400);
    expect(asText.json()).toEqual({ message: `originalPrice: ${tooDear}` });
    const car = await postProduct(ctx.app, seller, { resalePrice: 10_000_000 });
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${car}`,
      headers: seller.auth,
      payload: { resalePrice: 100_000_000 },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toContain(`resalePrice: ${tooDear}`);
    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/products?minPrice=100000000',
    });
    expect(search.statusCode).toBe(200);
  });
});
