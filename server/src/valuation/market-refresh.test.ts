/**
 * A refresh values again only the makes whose cars changed since their last valuation
 * (`market_make_changes`, the counts of each make's changes), every make when the year turns, and
 * keeps nothing of a make whose cars are gone. A value altered behind the refresh's back tells
 * whether its make was valued again.
 */
import { eq, sql } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';
import { refreshMarketValues } from './market-refresh';
import { rowsOf } from '../platform/db/rows';

const YEAR = new Date().getUTCFullYear();

describe(`the market refresh, make by make (${databaseKind})`, () => {
  let ctx: TestContext;
  const email = `refresh-${newId()}@test.cardealer.dev`;
  const cars: Record<'Tesla' | 'Ferrari', string[]> = { Tesla: [], Ferrari: [] };

  beforeAll(async () => {
    // Refreshed by the test alone: no background refresh between its steps.
    ctx = await buildTestApp({ dealRatios: { delayMs: 600_000, pollMs: 600_000 } });
    const db = ctx.database.db;
    await db
      .insert(users)
      .values({ _id: newId(), name: 'Refresh Seller', email, userRole: 'Seller' });
    for (const make of ['Tesla', 'Ferrari'] as const) {
      for (let i = 0; i < 6; i++) cars[make].push(await addCar(make, 30000 + i * 5000));
    }
  });
  afterAll(() => ctx.close());

  async function addCar(make: string, price: number): Promise<string> {
    const id = newId();
    await ctx.database.db.insert(products).values({
      _id: id,
      carName: `${make} car`,
      carPhoto: '/images/cars/car-01.svg',
      categoryName: make,
      condition: 'Good',
      originalPrice: price,
      resalePrice: price,
      productLocation: 'Austin, TX',
      userYears: 4,
      postTime: 'today',
      productDescription: 'A car.',
      sellerName: 'Refresh Seller',
      email,
    });
    return id;
  }

  async function refresh(year = YEAR): Promise<void> {
    while (!(await refreshMarketValues(ctx.database.db, year))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const valueOf = async (id: string) =>
    (
      await rowsOf<{ value: number }>(
        ctx.database.db,
        sql`select value from market_values where product_id = ${id}`,
      )
    )[0]?.value ?? null;

  /** Writes a wrong value for the car, as no refresh would: a later refresh corrects it only if it values the car's make again. */
  const spoil = (id: string) =>
    ctx.database.db.execute(sql`update market_values set value = 1 where product_id = ${id}`);

  it('values again only the makes whose cars changed', async () => {
    await refresh();
    const [tesla, ferrari] = [cars.Tesla[0]!, cars.Ferrari[0]!];
    expect(await valueOf(tesla)).toBeGreaterThan(1000);
    expect(await valueOf(ferrari)).toBeGreaterThan(1000);
    await spoil(tesla);
    await spoil(ferrari);
    // A new Tesla: the Teslas are valued again, the Ferraris are not.
    const added = await addCar('Tesla', 41000);
    await refresh();
    expect(await valueOf(added)).toBeGreaterThan(1000);
    expect(await valueOf(tesla)).toBeGreaterThan(1000);
    expect(await valueOf(ferrari)).toBe(1);
    // A Ferrari's new price: the Ferraris now.
    await ctx.database.db
      .update(products)
      .set({ resalePrice: 52000 })
      .where(eq(products._id, cars.Ferrari[5]!));
    await refresh();
    expect(await valueOf(ferrari)).toBeGreaterThan(1000);
    // Nothing changed: nothing valued.
    await spoil(ferrari);
    await refresh();
    expect(await valueOf(ferrari)).toBe(1);
  });

  it('values every make again when the year turns', async () => {
    const [tesla, ferrari] = [cars.Tesla[1]!, cars.Ferrari[1]!];
    await spoil(tesla);
    await spoil(ferrari);
    await refresh(YEAR + 1);
    expect(await valueOf(tesla)).toBeGreaterThan(1000);
    expect(await valueOf(ferrari)).toBeGreaterThan(1000);
  });

  it('values a make again when one of its cars is sold or deleted, and keeps nothing of its sold cars', async () => {
    const ferrari = cars.Ferrari[2]!;
    await refresh(YEAR + 1);
    await spoil(ferrari);
    const sold = cars.Ferrari[3]!;
    await ctx.database.db
      .update(products)
      .set({ soldAt: new Date() })
      .where(eq(products._id, sold));
    await refresh(YEAR + 1);
    expect(await valueOf(ferrari)).toBeGreaterThan(1000);
    expect(await valueOf(sold)).toBeNull();
    await spoil(ferrari);
    await ctx.database.db.delete(products).where(eq(products._id, cars.Ferrari[4]!));
    await refresh(YEAR + 1);
    expect(await valueOf(ferrari)).toBeGreaterThan(1000);
  });
});
