/**
 * The vehicle filters, sorts and facets of GET /products, through the API on PGlite
 * and PostgreSQL: each filter against the cars it should keep, the two new sorts walked page by
 * page by their signed cursors (unknown values last), the facets, free text over model and trim,
 * and every bad value a 400 naming its parameter.
 */
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';

interface Spec {
  key: string;
  make: string;
  model: string | null;
  year: number | null;
  miles: number | null;
  fuel?: 'Gasoline' | 'Electric' | 'Hybrid';
  transmission?: 'Automatic' | 'Manual';
  body?: 'Sedan' | 'SUV' | 'Coupe';
  trim?: string;
}

const CARS: Spec[] = [
  {
    key: 'm3a',
    make: 'Tesla',
    model: 'Model 3',
    year: 2019,
    miles: 48000,
    fuel: 'Electric',
    transmission: 'Automatic',
    body: 'Sedan',
    trim: 'Long Range',
  },
  {
    key: 'm3b',
    make: 'Tesla',
    model: 'Model 3',
    year: 2021,
    miles: 22000,
    fuel: 'Electric',
    transmission: 'Automatic',
    body: 'Sedan',
  },
  {
    key: 'my',
    make: 'Tesla',
    model: 'Model Y',
    year: 2022,
    miles: 15000,
    fuel: 'Electric',
    transmission: 'Automatic',
    body: 'SUV',
    trim: 'Performance',
  },
  {
    key: 'x5',
    make: 'BMW',
    model: 'X5',
    year: 2018,
    miles: 61000,
    fuel: 'Hybrid',
    transmission: 'Automatic',
    body: 'SUV',
  },
  {
    key: 'bmw3',
    make: 'BMW',
    model: '3 Series',
    year: 2020,
    miles: 30500,
    fuel: 'Gasoline',
    transmission: 'Manual',
    body: 'Sedan',
    trim: 'Competition',
  },
  {
    key: 'bmw3b',
    make: 'BMW',
    model: '3 Series',
    year: 2016,
    miles: 90000,
    fuel: 'Gasoline',
    transmission: 'Automatic',
    body: 'Sedan',
  },
  {
    key: 'f8',
    make: 'Ferrari',
    model: 'F8',
    year: 2021,
    miles: 5000,
    fuel: 'Gasoline',
    transmission: 'Automatic',
    body: 'Coupe',
  },
  { key: 'old', make: 'Ferrari', model: null, year: null, miles: null },
  { key: 'halfknown', make: 'BMW', model: 'X5', year: null, miles: 75000, fuel: 'Gasoline' },
];

describe(`vehicle filters, sorts and facets (${databaseKind})`, () => {
  let ctx: TestContext;
  const ids: Record<string, string> = {};
  const keyOf = new Map<string, string>();

  beforeAll(async () => {
    ctx = await buildTestApp({ catalogueCacheMs: 0 });
    const email = `vehicle-${newId()}@test.cardealer.dev`;
    await ctx.database.db
      .insert(users)
      .values({ _id: newId(), name: 'Vehicle Seller', email, userRole: 'Seller' });
    await ctx.database.db.insert(products).values(
      CARS.map((car, i) => {
        ids[car.key] = newId();
        keyOf.set(ids[car.key]!, car.key);
        return {
          _id: ids[car.key]!,
          carName: `Car ${i}`,
          carPhoto: '/images/cars/car-01.svg',
          categoryName: car.make,
          condition: 'Good' as const,
          originalPrice: 1,
          resalePrice: 10_000 + i,
          productLocation: 'Boston, MA',
          userYears: 1,
          postTime: 'today',
          productDescription: 'Nothing to say.',
          sellerName: 'Vehicle Seller',
          email,
          model: car.model,
          modelYear: car.year,
          mileage: car.miles,
          fuel: car.fuel ?? null,
          transmission: car.transmission ?? null,
          bodyStyle: car.body ?? null,
          trim: car.trim ?? null,
        };
      }),
    );
  });
  afterAll(() => ctx.close());

  /** Every page of a search (pages of 2, by cursor), as the cars' keys. */
  const walk = async (query: string) => {
    const keys: string[] = [];
    let cursor: string | undefined;
    let total: string | undefined;
    for (let page = 0; page < 10; page++) {
      const response = await ctx.app.inject({
        url: `/api/products?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      total ??= response.headers['x-total-count'] as string;
      keys.push(...(response.json() as { _id: string }[]).map((c) => keyOf.get(c._id)!));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(Number(total)).toBe(keys.length);
    return keys;
  };
  const sorted = (keys: string[]) => [...keys].sort();

  it.each([
    ['model=Model%203', ['m3a', 'm3b']],
    ['model=Model%203&model=X5', ['m3a', 'm3b', 'x5', 'halfknown']],
    ['minModelYear=2020', ['m3b', 'my', 'bmw3', 'f8']],
    ['minModelYear=2019&maxModelYear=2020', ['m3a', 'bmw3']],
    ['maxMileage=30500', ['m3b', 'my', 'bmw3', 'f8']],
    ['minMileage=60000', ['x5', 'bmw3b', 'halfknown']],
    ['fuel=Electric', ['m3a', 'm3b', 'my']],
    ['fuel=Hybrid&fuel=Gasoline&transmission=Manual', ['bmw3']],
    ['bodyStyle=SUV&bodyStyle=Coupe', ['my', 'x5', 'f8']],
    ['category=BMW&model=3%20Series&minModelYear=2018&maxMileage=60000', ['bmw3']],
  ])('%s keeps the cars it names', async (query, expected) => {
    expect(sorted(await walk(`${query}&sort=newest`))).toEqual(sorted(expected));
  });

  it('sorts by lowest mileage and by newest model year, page by page, unknown values last', async () => {
    expect(await walk('sort=mileage_asc')).toEqual([
      'f8',
      'my',
      'm3b',
      'bmw3',
      'm3a',
      'x5',
      'halfknown',
      'bmw3b',
      'old',
    ]);
    const byYear = await walk('sort=year_desc');
    expect(byYear[0]).toBe('my');
    // Two 2021s: their order is the id's (the keyset's tie-break), either way here.
    expect(sorted(byYear.slice(1, 3))).toEqual(['f8', 'm3b']);
    expect(byYear.slice(3, 7)).toEqual(['bmw3', 'm3a', 'x5', 'bmw3b']);
    expect(sorted(byYear.slice(7))).toEqual(['halfknown', 'old']);
    expect(await walk('sort=mileage_asc&category=Tesla&maxMileage=40000')).toEqual(['my', 'm3b']);
    // A cursor belongs to its sort.
    const first = await ctx.app.inject({ url: '/api/products?sort=mileage_asc&limit=2' });
    const cursor = first.headers['x-next-cursor'] as string;
    const other = await ctx.app.inject({
      url: `/api/products?sort=year_desc&limit=2&cursor=${cursor}`,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/^cursor: /);
  });

  it('counts the models of the chosen makes, the fuels, transmissions and bodies, and the ranges', async () => {
    const all = await ctx.app.inject({ url: '/api/products/facets' });
    expect(all.json()).toMatchObject({
      model: { 'Model 3': 2, 'Model Y': 1, X5: 2, '3 Series': 2, F8: 1 },
      fuel: { Electric: 3, Hybrid: 1, Gasoline: 4 },
      transmission: { Automatic: 6, Manual: 1 },
      bodyStyle: { Sedan: 4, SUV: 2, Coupe: 1 },
      modelYear: { min: 2016, max: 2022 },
      mileage: { min: 5000, max: 90000 },
    });
    const bmw = await ctx.app.inject({
      url: '/api/products/facets?category=BMW&model=X5&fuel=Gasoline',
    });
    expect(bmw.json()).toMatchObject({
      // The models follow the makes (and the fuel); each facet leaves its own filter out.
      model: { X5: 1, '3 Series': 2 },
      fuel: { Hybrid: 1, Gasoline: 1 },
      modelYear: null,
      mileage: { min: 75000, max: 75000 },
    });
    expect(bmw.json().category).toEqual({ BMW: 1 });
  });

  it('matches the model and the trim in free text', async () => {
    const found = async (q: string) => sorted(await walk(`q=${encodeURIComponent(q)}`));
    expect(await found('model y')).toEqual(['my']);
    expect(await found('competition')).toEqual(['bmw3']);
    expect(await found('Perfomance')).toEqual(['my']);
    expect(await found('x5')).toEqual(['halfknown', 'x5']);
  });

  it.each([
    ['minModelYear=1899', 'minModelYear'],
    ['maxModelYear=2101', 'maxModelYear'],
    ['minModelYear=2020&maxModelYear=2019', 'minModelYear'],
    ['minMileage=-1', 'minMileage'],
    ['maxMileage=1000001', 'maxMileage'],
    ['maxMileage=12.5', 'maxMileage'],
    ['minMileage=500&maxMileage=100', 'minMileage'],
    ['fuel=Steam', 'fuel'],
    ['transmission=CVT', 'transmission'],
    ['bodyStyle=Tank', 'bodyStyle'],
    [`model=${'x'.repeat(61)}`, 'model'],
    ['model=%20', 'model'],
    ['sort=mileage_desc', 'sort'],
  ])('refuses %s with a 400 naming %s', async (query, field) => {
    for (const path of ['/api/products', '/api/products/facets']) {
      if (field === 'sort' && path.endsWith('facets')) continue;
      const response = await ctx.app.inject({ url: `${path}?${query}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(new RegExp(`^(querystring/)?${field}\\b`));
    }
  });
});
