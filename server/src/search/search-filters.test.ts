/**
 * Search, facets and the fair price, checked against a brute-force answer in TypeScript over
 * the same data (server/test/search-oracle.ts): generated filters × sorts × page sizes, every
 * page walked by its cursor; and the refusal of bad parameters and of another search's cursor.
 */
import fc from 'fast-check';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';
import {
  bruteForce,
  CATEGORIES,
  CONDITIONS,
  fairPrice,
  filtersArbitrary,
  LOCATIONS,
  matches,
  PRICES,
  queryString,
  SORTS,
  type Car,
  type Filters,
  type Sort,
} from '../../test/search-oracle';

describe(`search (${databaseKind})`, () => {
  let ctx: TestContext;
  let cars: Car[];
  const sellers = ['a', 'b', 'c'].map((label) => ({
    email: `search-${label}-${newId()}@test.cardealer.dev`,
    verified: label === 'a',
  }));

  beforeAll(async () => {
    ctx = await buildTestApp();
    const db = ctx.database.db;
    await db.insert(users).values(
      sellers.map((s, i) => ({
        _id: newId(),
        name: `Seller ${i}`,
        email: s.email,
        userRole: 'Seller' as const,
        userVerify: s.verified ? ('true' as const) : ('false' as const),
      })),
    );
    // Deterministic data with ties in price and in posting time.
    const random = fc.sample(
      fc.record({
        category: fc.constantFrom(...CATEGORIES),
        condition: fc.constantFrom(...CONDITIONS),
        price: fc.constantFrom(...PRICES),
        years: fc.integer({ min: 0, max: 8 }),
        location: fc.constantFrom(...LOCATIONS),
        seller: fc.integer({ min: 0, max: 2 }),
        minute: fc.integer({ min: 0, max: 20 }),
        sold: fc.boolean(),
      }),
      { numRuns: 120, seed: 42 },
    );
    const base = Date.UTC(2026, 0, 1);
    const rows = random.map((r, i) => ({
      _id: newId(),
      carName: `${r.category} car ${i}`,
      carPhoto: `/images/cars/car-${String((i % 12) + 1).padStart(2, '0')}.svg`,
      categoryName: r.category,
      condition: r.condition,
      originalPrice: r.price * 1.5,
      resalePrice: r.price,
      productLocation: r.location,
      userYears: r.years,
      postTime: 'today',
      productDescription: 'A car.',
      sellerName: `Seller ${r.seller}`,
      email: sellers[r.seller]!.email,
      createdAt: new Date(base + r.minute * 60_000),
      soldAt: r.sold && i % 4 === 0 ? new Date(base) : null,
    }));
    await db.insert(products).values(rows);
    // The deal order is of stored ratios, refreshed a few seconds after a change: now, here.
    await refreshDeals();
    cars = rows.map((row) => ({
      _id: row._id,
      categoryName: row.categoryName,
      condition: row.condition,
      resalePrice: row.resalePrice,
      userYears: row.userYears,
      productLocation: row.productLocation,
      email: row.email,
      createdAt: row.createdAt.getTime(),
      verified: sellers.find((s) => s.email === row.email)!.verified,
      sold: row.soldAt !== null,
    }));
  });
  afterAll(() => ctx.close());

  /** Refreshes the deal ratios (again, if the server's own refresh held the lock). */
  async function refreshDeals() {
    while (!(await ctx.app.repos.search.refreshDeals())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Every page of a search, following X-Next-Cursor. */
  async function walk(f: Filters, sort: Sort, limit: number) {
    const ids: string[] = [];
    const totals = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 200; page++) {
      const url = `/api/products?${queryString(f, { sort, limit, ...(cursor ? { cursor } : {}) })}`;
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBe(200);
      const body = response.json() as { _id: string; fairPrice: unknown; sold: boolean }[];
      expect(body.length).toBeLessThanOrEqual(limit);
      for (const car of body) {
        expect(car.sold).toBe(false);
        const known = cars.find((c) => c._id === car._id)!;
        expect(car.fairPrice).toEqual(fairPrice(known, cars));
      }
      ids.push(...body.map((car) => car._id));
      totals.add(String(response.headers['x-total-count']));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      if (!cursor) return { ids, totals: [...totals] };
    }
    throw new Error('more than 200 pages');
  }

  it('has cars with and without a fair price among its data', () => {
    const forSale = cars.filter((car) => !car.sold);
    const priced = forSale.filter((car) => fairPrice(car, cars) !== null);
    expect(priced.length).toBeGreaterThan(10);
    expect(priced.length).toBeLessThan(forSale.length);
  });

  it('answers every page of every filter and sort as a brute force over the same cars', async () => {
    await fc.assert(
      fc.asyncProperty(
        filtersArbitrary,
        fc.constantFrom(...SORTS),
        fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 48 })),
        async (f, sort, limit) => {
          const expected = bruteForce(cars, f, sort);
          const { ids, totals } = await walk(f, sort, limit);
          expect(ids).toEqual(expected);
          expect(totals).toEqual([String(expected.length)]);
        },
      ),
      { numRuns: 60, seed: 7 },
    );
  });

  it('counts facets as a filter panel does, each facet without its own filter', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary, async (f) => {
        const response = await ctx.app.inject({ url: `/api/products/facets?${queryString(f)}` });
        expect(response.statusCode).toBe(200);
        const count = (except: 'category' | 'condition', key: 'categoryName' | 'condition') => {
          const counts: Record<string, number> = {};
          for (const car of cars.filter((c) => matches(c, f, except))) {
            counts[car[key]] = (counts[car[key]] ?? 0) + 1;
          }
          return counts;
        };
        const all = cars.filter((c) => matches(c, f));
        const range = (values: number[]) =>
          values.length ? { min: Math.min(...values), max: Math.max(...values) } : null;
        expect(response.json()).toEqual({
          category: count('category', 'categoryName'),
          condition: count('condition', 'condition'),
          price: range(all.map((c) => c.resalePrice)),
          years: range(all.map((c) => c.userYears)),
          model: {},
          // No seller here has a dealer profile: every matching car is a private seller's.
          sellerType: all.length > 0 ? { private: all.length } : {},
          fuel: {},
          transmission: {},
          bodyStyle: {},
          modelYear: null,
          mileage: null,
          countsExact: true,
          ignoredWords: [],
        });
      }),
      { numRuns: 40, seed: 11 },
    );
  });

  it('takes a repeated key, a single value and category names in any case alike', async () => {
    const twice = await ctx.app.inject({ url: '/api/products?category=BMW&category=tesla' });
    const expected = bruteForce(cars, { category: ['BMW', 'Tesla'] }, 'newest');
    expect(twice.json().map((c: { _id: string }) => c._id)).toEqual(expected.slice(0, 24));
    const once = await ctx.app.inject({ url: '/api/products?condition=Fair&limit=48' });
    expect(once.json().map((c: { _id: string }) => c._id)).toEqual(
      bruteForce(cars, { condition: ['Fair'] }, 'newest').slice(0, 48),
    );
  });

  it.each([
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['minYears=101', 'minYears'],
    ['limit=0', 'limit'],
    ['limit=49', 'limit'],
    ['sort=cheapest', 'sort'],
    ['cursor=notacursor', 'cursor'],
    ['cursor=a.b', 'cursor'],
    ['minPrice=500&maxPrice=100', 'minPrice'],
    ['minYears=5&maxYears=1', 'minYears'],
    ['category=Trabant', 'category'],
    ['condition=Mint', 'condition'],
    ['verified=yes', 'verified'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    for (const path of ['/api/products', '/api/products/facets']) {
      if (path.endsWith('facets') && /^(limit|sort|cursor)=/.test(query)) continue;
      const response = await ctx.app.inject({ url: `${path}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it("refuses another sort's or filter's cursor", async () => {
    const first = await ctx.app.inject({ url: '/api/products?sort=price_asc&limit=2' });
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    for (const query of ['sort=price_desc', 'sort=price_asc&category=BMW', 'sort=deal']) {
      const response = await ctx.app.inject({
        url: `/api/products?${query}&limit=2&cursor=${cursor}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^cursor: /);
    }
  });
});
