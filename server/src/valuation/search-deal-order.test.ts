/**
 * The deal order (`sort=deal`, by stored price-to-market-value ratios): it follows a new car and
 * a new price by itself, and a car that lost its ratio row gets one again.
 */
import { eq } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { productDeals, products, users } from '../platform/db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';

describe(`the deal order after a change (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ dealRatios: { delayMs: 50 } });
  });
  afterAll(() => ctx.close());

  const dealOrder = async () => {
    const response = await ctx.app.inject({ url: '/api/products?sort=deal&category=Ferrari' });
    return (response.json() as { _id: string }[]).map((car) => car._id);
  };
  /** The deal order once it is `expected`, or the last one seen after 10 s. */
  const settled = async (expected: string[]) => {
    let found = await dealOrder();
    for (let i = 0; i < 200 && JSON.stringify(found) !== JSON.stringify(expected); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      found = await dealOrder();
    }
    return found;
  };

  it('follows a new car and a new price within moments, without being asked', async () => {
    const email = `deal-${newId()}@test.cardealer.dev`;
    const db = ctx.database.db;
    await db.insert(users).values({ _id: newId(), name: 'Deal Seller', email, userRole: 'Seller' });
    const ids = [30000, 20000, 50000, 40000, 10000, 60000].map(() => newId());
    await db.insert(products).values(
      [30000, 20000, 50000, 40000, 10000, 60000].map((price, i) => ({
        _id: ids[i]!,
        carName: `Ferrari ${i}`,
        carPhoto: '/images/cars/car-01.svg',
        categoryName: 'Ferrari',
        condition: 'Good' as const,
        originalPrice: price,
        resalePrice: price,
        productLocation: 'Austin, TX',
        userYears: 2,
        postTime: 'today',
        productDescription: 'A car.',
        sellerName: 'Deal Seller',
        email,
      })),
    );
    // Cheapest first against the same median.
    expect(await settled([ids[4]!, ids[1]!, ids[0]!, ids[3]!, ids[2]!, ids[5]!])).toEqual([
      ids[4],
      ids[1],
      ids[0],
      ids[3],
      ids[2],
      ids[5],
    ]);
    await db.update(products).set({ resalePrice: 5000 }).where(eq(products._id, ids[5]!));
    expect((await settled([ids[5]!, ids[4]!, ids[1]!, ids[0]!, ids[3]!, ids[2]!]))[0]).toBe(ids[5]);
  });

  it('gives a car for sale that lost its ratio row (written past the trigger) one again', async () => {
    const email = `deal-row-${newId()}@test.cardealer.dev`;
    const db = ctx.database.db;
    await db.insert(users).values({ _id: newId(), name: 'Row Seller', email, userRole: 'Seller' });
    const id = newId();
    await db.insert(products).values({
      _id: id,
      carName: 'Lamborghini without a ratio',
      carPhoto: '/images/cars/car-01.svg',
      categoryName: 'Lamborghini',
      condition: 'Fair',
      originalPrice: 90000,
      resalePrice: 90000,
      productLocation: 'Austin, TX',
      userYears: 9,
      postTime: 'today',
      productDescription: 'A car.',
      sellerName: 'Row Seller',
      email,
    });
    await db.delete(productDeals).where(eq(productDeals.productId, id));
    const listed = async () =>
      (
        (await ctx.app.inject({ url: '/api/products?sort=deal&category=Lamborghini' })).json() as {
          _id: string;
        }[]
      ).map((car) => car._id);
    while (!(await ctx.app.repos.search.refreshDeals())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ctx.app.catalogueCache.invalidate();
    expect(await listed()).toContain(id);
  });
});
