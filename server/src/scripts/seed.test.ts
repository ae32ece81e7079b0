/**
 * The demo seed as a visitor of `npm start` sees it: once the seed returns (before the demo says
 * it is ready), the demo Teslas have a market value from the demo's market of Teslas
 * (seed-market.ts) and a rating, on their pages and on the cards of a search; seeding again adds
 * nothing and leaves the values as they are.
 */
import { firebaseAuth } from '../platform/caller/firebase-admin';
import { buildTestApp, databaseKind, emulatorHost, type TestContext } from '../../test/helper';
import { seedDemoData } from './seed';
import { BAYSIDE, MESA } from './seed-market';
import { inArray } from 'drizzle-orm';
import { users } from '../platform/db/schema';

interface Car {
  _id: string;
  carName: string;
  fairPrice: { rating: string } | null;
  marketValue?: object | null;
  zip?: string | null;
  place?: string | null;
}

describe(`the demo seed (${databaseKind})`, () => {
  let ctx: TestContext;
  const seed = () =>
    seedDemoData(
      ctx.database.db,
      firebaseAuth({ firebaseProjectId: 'demo-cardealer', authEmulatorHost: emulatorHost() }),
    );
  const page = async (id: string) =>
    (await ctx.app.inject({ url: `/api/products/${id}` })).json() as Car;
  const teslas = async () =>
    (await ctx.app.inject({ url: '/api/products?category=Tesla&limit=48' })).json() as Car[];

  beforeAll(async () => {
    // No background refresh after the start's: the values below are the seed's own.
    ctx = await buildTestApp({ dealRatios: { delayMs: 600_000, pollMs: 600_000 } });
  });
  afterAll(() => ctx.close());

  it("values the demo Teslas from the demo's market before it returns, and rates them", async () => {
    await seed();
    // The answers cached before the seed's cars were heard of.
    ctx.app.catalogueCache.invalidate();

    // The Model 3 with the price drop: valued by Tesla's fit at the Model 3's own level.
    expect(await page('demo-car-01')).toMatchObject({
      carName: 'Tesla Model 3 Long Range',
      resalePrice: 38500,
      marketValue: { value: 37243, basis: 'make', listings: 7, makeListings: 21, rated: true },
      fairPrice: { rating: 'fair', median: 37243, comparables: 7 },
    });
    expect((await page('demo-car-02')).fairPrice?.rating).toBe('high');
    expect((await page('demo-car-03')).fairPrice?.rating).toBe('good');

    // Every Tesla for sale is rated on its card but the two Model X (too few of them), which are
    // valued all the same.
    const cars = await teslas();
    expect(cars).toHaveLength(21);
    const unrated = cars.filter((car) => car.fairPrice === null).map((car) => car.carName);
    expect(unrated.sort()).toEqual([
      '2022 Tesla Model X Long Range',
      '2023 Tesla Model X Dual Motor',
    ]);
    const ratings = new Set(cars.map((car) => car.fairPrice?.rating));
    expect(ratings).toEqual(new Set(['good', 'fair', 'high', undefined]));
    expect(await page('demo-market-17')).toMatchObject({
      carName: '2022 Tesla Model X Long Range',
      marketValue: { basis: 'make', listings: 2, makeListings: 21, rated: false },
      fairPrice: null,
    });
  });

  it("places the demo's cars and sellers where their Locations name", async () => {
    expect(await page('demo-car-01')).toMatchObject({
      productLocation: 'Austin, TX',
      zip: '78703',
      place: 'Austin, TX',
    });
    expect(await page('demo-car-03')).toMatchObject({
      productLocation: 'Denver, CO',
      place: 'Denver, CO',
    });
    expect(await page('demo-market-01')).toMatchObject({
      productLocation: 'Oakland, CA',
      place: 'Oakland, CA',
    });
    expect(await page('demo-market-02')).toMatchObject({
      productLocation: 'Mesa, AZ',
      place: 'Mesa, AZ',
    });
    const sellers = await ctx.database.db
      .select({ email: users.email, zip: users.zip })
      .from(users)
      .where(inArray(users.email, [BAYSIDE, MESA, 'seller@cardealer.dev']));
    const placeOf = async (zip: string | null) =>
      (await ctx.app.inject({ url: `/api/places/${zip}` })).json().place as string;
    const zips = Object.fromEntries(sellers.map(({ email, zip }) => [email, zip]));
    expect(await placeOf(zips[BAYSIDE] ?? null)).toBe('Oakland, CA');
    expect(await placeOf(zips[MESA] ?? null)).toBe('Mesa, AZ');
    expect(zips['seller@cardealer.dev']).toBe('78703');
  });

  it('seeding again adds nothing and keeps the values', async () => {
    const before = await teslas();
    await seed();
    ctx.app.catalogueCache.invalidate();
    expect(await teslas()).toEqual(before);
  });
});
