/**
 * Search, facets and the fair price, checked against a brute-force answer in TypeScript over
 * the same data: generated filters × sorts × page sizes, every page walked by its cursor.
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { newId } from '../db/repositories/ids';
import { productDeals, products, users } from '../db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';

const CATEGORIES = ['Tesla', 'Ferrari', 'BMW', 'Lamborghini'] as const;
const CONDITIONS = ['Excellent', 'Good', 'Fair'] as const;
const PRICES = [9000, 12000, 12000, 15500, 20000, 27000, 31000, 45000];
const LOCATIONS = ['Austin, TX', 'Dallas, TX', 'Los Angeles, CA', 'Miami, FL', 'Portland, OR'];
const SORTS = ['newest', 'price_asc', 'price_desc', 'deal', 'relevance'] as const;
type Sort = (typeof SORTS)[number];

interface Car {
  _id: string;
  categoryName: string;
  condition: string;
  resalePrice: number;
  userYears: number;
  productLocation: string;
  email: string;
  createdAt: number;
  verified: boolean;
  sold: boolean;
}

interface Filters {
  category?: string[];
  condition?: string[];
  minPrice?: number;
  maxPrice?: number;
  minYears?: number;
  maxYears?: number;
  location?: string;
  verified?: boolean;
}

/** PostgreSQL's percentile_cont over sorted values. */
function percentile(sorted: number[], fraction: number): number {
  const position = fraction * (sorted.length - 1);
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  const low = sorted[lo]!;
  return low + (sorted[hi]! - low) * (position - lo);
}

function matches(car: Car, f: Filters, except?: 'category' | 'condition'): boolean {
  if (car.sold) return false;
  if (except !== 'category' && f.category && !f.category.includes(car.categoryName)) return false;
  if (except !== 'condition' && f.condition && !f.condition.includes(car.condition)) return false;
  if (f.minPrice !== undefined && car.resalePrice < f.minPrice) return false;
  if (f.maxPrice !== undefined && car.resalePrice > f.maxPrice) return false;
  if (f.minYears !== undefined && car.userYears < f.minYears) return false;
  if (f.maxYears !== undefined && car.userYears > f.maxYears) return false;
  if (f.location && !car.productLocation.toLowerCase().includes(f.location.toLowerCase()))
    return false;
  if (f.verified && !car.verified) return false;
  return true;
}

const comparable = (car: Car, other: Car) =>
  !other.sold &&
  other.categoryName === car.categoryName &&
  other.condition === car.condition &&
  Math.abs(other.userYears - car.userYears) <= 2;

/**
 * The market value of a car without model, model year or mileage (as every car here): the
 * median price of its comparables, its own and its seller's included, in whole dollars.
 */
function marketValue(car: Car, all: Car[]) {
  const prices = all
    .filter((other) => comparable(car, other))
    .map((other) => other.resalePrice)
    .sort((a, b) => a - b);
  return { value: Math.round(percentile(prices, 0.5)), n: prices.length };
}

/** The deal ratio the sort uses and the badge rates: price over market value, 5 cars or more. */
function dealRatio(car: Car, all: Car[]): number | null {
  const { value, n } = marketValue(car, all);
  return n >= 5 && value > 0 ? car.resalePrice / value : null;
}

/** The fair price as the contract defines it: the ratio's rating, the value, its listings. */
function fairPrice(car: Car, all: Car[]) {
  const ratio = dealRatio(car, all);
  if (ratio === null) return null;
  const rating = ratio <= 0.9 ? 'great' : ratio <= 0.97 ? 'good' : ratio <= 1.06 ? 'fair' : 'high';
  const { value, n } = marketValue(car, all);
  return { rating, median: value, comparables: n };
}

const byId = (a: Car, b: Car) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

function bruteForce(all: Car[], f: Filters, sort: Sort): string[] {
  const found = all.filter((car) => matches(car, f));
  const order: Record<Sort, (a: Car, b: Car) => number> = {
    newest: (a, b) => b.createdAt - a.createdAt || byId(b, a),
    price_asc: (a, b) => a.resalePrice - b.resalePrice || byId(a, b),
    price_desc: (a, b) => b.resalePrice - a.resalePrice || byId(b, a),
    relevance: byId,
    deal: (a, b) => {
      const [ra, rb] = [dealRatio(a, all), dealRatio(b, all)];
      if (ra === null && rb === null) return byId(a, b);
      if (ra === null) return 1;
      if (rb === null) return -1;
      return ra - rb || byId(a, b);
    },
  };
  return found.sort(order[sort]).map((car) => car._id);
}

function queryString(f: Filters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams();
  for (const c of f.category ?? []) params.append('category', c);
  for (const c of f.condition ?? []) params.append('condition', c);
  for (const key of ['minPrice', 'maxPrice', 'minYears', 'maxYears', 'location'] as const) {
    if (f[key] !== undefined) params.set(key, String(f[key]));
  }
  if (f.verified) params.set('verified', 'true');
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  return params.toString();
}

/** Each filter present about one time in three, so that most queries match some cars. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.option(arbitrary, { freq: 2, nil: undefined });
const filtersArbitrary: fc.Arbitrary<Filters> = fc
  .record({
    category: sometimes(fc.subarray([...CATEGORIES], { minLength: 1 })),
    condition: sometimes(fc.subarray([...CONDITIONS], { minLength: 1 })),
    prices: sometimes(fc.tuple(fc.constantFrom(...PRICES), fc.constantFrom(...PRICES, 1e6))),
    years: sometimes(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 }))),
    location: sometimes(fc.constantFrom('tx', 'Austin', 'los angeles', 'a', 'Nowhere')),
    verified: sometimes(fc.constant(true)),
  })
  .map((r) => {
    const f: Filters = {};
    if (r.category) f.category = r.category;
    if (r.condition) f.condition = r.condition;
    if (r.location) f.location = r.location;
    if (r.verified) f.verified = true;
    if (r.prices) [f.minPrice, f.maxPrice] = [...r.prices].sort((a, b) => a - b);
    if (r.years) [f.minYears, f.maxYears] = [...r.years].sort((a, b) => a - b);
    return f;
  });

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
          fuel: {},
          transmission: {},
          bodyStyle: {},
          modelYear: null,
          mileage: null,
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

describe(`free-text search (${databaseKind})`, () => {
  let ctx: TestContext;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await buildTestApp();
    const email = `text-${newId()}@test.cardealer.dev`;
    const db = ctx.database.db;
    await db.insert(users).values({ _id: newId(), name: 'Text Seller', email, userRole: 'Seller' });
    const add = async (key: string, values: Partial<typeof products.$inferInsert>) => {
      ids[key] = newId();
      await db.insert(products).values({
        _id: ids[key]!,
        carName: 'Car',
        carPhoto: '/images/cars/car-01.svg',
        categoryName: 'Tesla',
        condition: 'Good',
        originalPrice: 1,
        resalePrice: 1,
        productLocation: 'Boston, MA',
        userYears: 1,
        postTime: 'today',
        productDescription: 'Nothing to say.',
        sellerName: 'Text Seller',
        email,
        ...values,
      });
    };
    await add('lambo', { carName: 'Lamborghini Huracan EVO', categoryName: 'Lamborghini' });
    await add('ferrari', { carName: 'Ferrari F8 Tributo', categoryName: 'Ferrari' });
    await add('tesla', { carName: 'Tesla Model 3', productLocation: 'Seattle, WA' });
    await add('garaged', {
      carName: 'BMW M3',
      categoryName: 'BMW',
      productDescription: 'A red Ferrari-beating saloon, always garaged.',
    });
    await add('sold', { carName: 'Ferrari Roma', categoryName: 'Ferrari', soldAt: new Date() });
  });
  afterAll(() => ctx.close());

  const search = async (q: string) => {
    const response = await ctx.app.inject({ url: `/api/products?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { _id: string }[]).map((car) => car._id);
  };

  it.each([
    ['Lamborgini', 'lambo'],
    ['lamborghini', 'lambo'],
    ['ferari', 'ferrari'],
    ['Huracan', 'lambo'],
    ['seatle', 'tesla'],
    ['garaged', 'garaged'],
  ])('finds %s', async (q, key) => {
    expect(await search(q)).toContain(ids[key]);
  });

  it('ranks a match in the name above one in the description, and leaves sold cars out', async () => {
    const found = await search('ferrari');
    expect(found[0]).toBe(ids.ferrari);
    expect(found).toContain(ids.garaged);
    expect(found).not.toContain(ids.sold);
  });

  it('forgives a misspelt word among others, and keeps what the query excludes out', async () => {
    expect(await search('ferari tributo')).toEqual([ids.ferrari]);
    expect(await search('Lamborgini huracan')).toEqual([ids.lambo]);
    expect(await search('ferrari -tributo')).toEqual([ids.garaged]);
  });

  it("learns a new car's words as it is posted", async () => {
    const seller = await ctx.database.db.select({ email: users.email }).from(users).limit(1);
    const id = newId();
    await ctx.database.db.insert(products).values({
      _id: id,
      carName: 'Bugatti Chiron',
      carPhoto: '/images/cars/car-01.svg',
      categoryName: 'BMW',
      condition: 'Good',
      originalPrice: 1,
      resalePrice: 1,
      productLocation: 'Reno, NV',
      userYears: 1,
      postTime: 'today',
      productDescription: 'Fast.',
      sellerName: 'Text Seller',
      email: seller[0]!.email,
    });
    expect(await search('bugati')).toEqual([id]);
  });

  it('finds nothing for words no car has', async () => {
    expect(await search('zeppelin')).toEqual([]);
  });

  it('pages a relevance search by cursor', async () => {
    const first = await ctx.app.inject({ url: '/api/products?q=ferrari&limit=1' });
    expect(first.headers['x-total-count']).toBe('2');
    const second = await ctx.app.inject({
      url: `/api/products?q=ferrari&limit=1&cursor=${first.headers['x-next-cursor']}`,
    });
    expect([...first.json(), ...second.json()].map((c: { _id: string }) => c._id)).toEqual([
      ids.ferrari,
      ids.garaged,
    ]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it.each(['newest', 'price_asc', 'price_desc', 'deal'])(
    'pages the matches of free text sorted %s by cursor, each page with the total',
    async (sort) => {
      await ctx.app.repos.search.refreshDeals();
      const found: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page++) {
        const response = await ctx.app.inject({
          url: `/api/products?q=ferrari&sort=${sort}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('2');
        found.push(...(response.json() as { _id: string }[]).map((car) => car._id));
        cursor = response.headers['x-next-cursor'] as string | undefined;
        if (!cursor) break;
      }
      expect(found.sort()).toEqual([ids.ferrari, ids.garaged].sort());
    },
  );

  it('keeps the search words up to date when a car changes', async () => {
    await ctx.database.db
      .update(products)
      .set({ carName: 'Porsche Taycan' })
      .where(eq(products._id, ids.tesla!));
    expect(await search('taycan')).toEqual([ids.tesla]);
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(sql`search @@ to_tsquery('english', 'taycan')`);
    expect(row?.n).toBe(1);
  });
});

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
