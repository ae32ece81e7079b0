/**
 * A saved search is alerted of exactly the cars its search lists: varied saved searches (every
 * filter, free text with typos, words no car has, phrases, exclusions, OR) and varied cars,
 * then the matcher, compared with what GET /api/products with each search's query lists.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { MATCH_ON_DEMAND, saveSearch } from '../../test/alert-fixture';
import {
  buildTestApp,
  databaseKind,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { NEXT_CURSOR_HEADER } from '../platform/http/page-headers';
import { SEARCH_MAX_PAGE } from '../search/search-schemas';

const MAKES = {
  Tesla: ['Model 3', 'Model Y', 'Model S'],
  Ferrari: ['Roma', '488 GTB'],
  BMW: ['X5', '3 Series', 'M4'],
  Lamborghini: ['Huracán', 'Urus'],
} as const;
const TRIMS = ['Long Range', 'Performance', 'Competition', 'EVO', 'Base'];
const DESCRIPTIONS = [
  'One owner, always garaged.',
  'Red paint, new tires, accident free.',
  'Long range battery, free supercharging.',
  'Track car: carbon brakes and a 50%_off sticker.',
  'Clean title, dealer serviced.',
];
const LOCATIONS = ['Austin, TX', 'Dallas, TX', 'Los Angeles, CA', 'Miami, FL', 'Portland, OR'];
/** Each location's ZIP code, whose place the car takes (every fifth car has none). */
const ZIPS = ['78701', '75201', '90012', '33130', '97204'];

/** The saved searches: every filter alone and together, and free text of every kind. */
const QUERIES = [
  '',
  'category=BMW',
  'category=Tesla&category=Ferrari',
  'model=X5',
  'category=Tesla&model=Model%203&model=Model%20Y',
  'condition=Excellent',
  'condition=Good&condition=Fair&category=Lamborghini',
  'fuel=Electric',
  'fuel=Gasoline&transmission=Manual',
  'transmission=Automatic',
  'bodyStyle=SUV',
  'bodyStyle=Coupe&bodyStyle=Convertible',
  'minPrice=30000',
  'maxPrice=60000',
  'minPrice=40000&maxPrice=150000',
  'minYears=2',
  'maxYears=1',
  'minYears=1&maxYears=4',
  'minModelYear=2020',
  'maxModelYear=2019',
  'minModelYear=2018&maxModelYear=2022',
  'minMileage=20000',
  'maxMileage=30000',
  'location=tx',
  'location=Los%20Angeles',
  'location=50%25_off',
  'location=%25',
  'verified=true',
  'verified=true&category=BMW&maxPrice=90000',
  'sellerType=dealer',
  'sellerType=private',
  'sellerType=dealer&category=BMW&maxPrice=90000',
  'sellerType=private&verified=true',
  'q=ferrari',
  'q=ferari',
  'q=Lamborgini',
  'q=teslla%20modle',
  'q=garaged',
  'q=red%20tesla',
  'q=xyzzyq',
  'q=tesla%20xyzzyq',
  'q=%22long%20range%22',
  'q=performance%20-accident',
  'q=bmw%20or%20ferrari',
  'q=austin',
  'q=the',
  'q=50%25_off',
  'q=huracan',
  'q=carbon%20brakes&category=Lamborghini',
  'q=clean&maxPrice=80000&location=tx',
  'q=competition&minModelYear=2019&fuel=Gasoline',
  'category=Ferrari&condition=Excellent&minPrice=100000&maxMileage=40000&verified=true',
  'category=BMW&model=M4&transmission=Manual&bodyStyle=Coupe&minYears=0&maxYears=6',
  'category=Tesla&fuel=Electric&minModelYear=2021&maxMileage=50000&location=Austin',
  // Within a radius: keyed by make and model, by make, and by neither (no make, or two).
  'zip=78701&radius=200',
  'category=Tesla&zip=75201&radius=500',
  'category=Tesla&model=Model%203&zip=78701&radius=200',
  'category=Tesla&model=Model%20S&zip=75201&radius=500',
  'category=Tesla&model=Model%203&model=Model%20Y&zip=90012&radius=50',
  'category=BMW&category=Ferrari&zip=33130&radius=25',
  'model=X5&zip=97204&radius=100',
  'condition=Good&zip=78701&radius=10',
  // Free text within a radius: its relevance page ranks the nearest matches.
  'q=tesla&zip=78701&radius=200',
  'q=clean&zip=75201&radius=500',
];

interface CarRecord {
  make: keyof typeof MAKES;
  model: number;
  trim: number;
  description: number;
  location: number;
  price: number;
  years: number;
  modelYear: number | null;
  mileage: number | null;
  condition: 'Excellent' | 'Good' | 'Fair';
  fuel: 'Gasoline' | 'Electric' | 'Hybrid' | null;
  transmission: 'Automatic' | 'Manual' | null;
  bodyStyle: 'Sedan' | 'SUV' | 'Coupe' | 'Convertible' | null;
  seller: number;
}

const carArbitrary: fc.Arbitrary<CarRecord> = fc.record({
  make: fc.constantFrom(...(Object.keys(MAKES) as (keyof typeof MAKES)[])),
  model: fc.nat(2),
  trim: fc.nat(TRIMS.length - 1),
  description: fc.nat(DESCRIPTIONS.length - 1),
  location: fc.nat(LOCATIONS.length - 1),
  price: fc.constantFrom(9000, 29999, 30000, 45000, 60000, 60001, 95000, 150000, 250000),
  years: fc.nat(6),
  modelYear: fc.option(fc.integer({ min: 2015, max: 2025 }), { freq: 5 }),
  mileage: fc.option(fc.constantFrom(0, 5000, 20000, 29999, 30000, 45000, 90000), { freq: 5 }),
  condition: fc.constantFrom('Excellent', 'Good', 'Fair'),
  fuel: fc.constantFrom('Gasoline', 'Electric', 'Hybrid', null),
  transmission: fc.constantFrom('Automatic', 'Manual', null),
  bodyStyle: fc.constantFrom('Sedan', 'SUV', 'Coupe', 'Convertible', null),
  seller: fc.nat(1),
});

describe(`alerts match exactly what search lists (${databaseKind})`, () => {
  let ctx: TestContext;
  const searches = new Map<string, string>();
  const cars: string[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    const db = ctx.database.db;
    const buyers: TestUser[] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'equal-a'),
      registerUser(ctx.app, 'Buyer', 'equal-b'),
    ]);
    for (const [i, query] of QUERIES.entries()) {
      searches.set(await saveSearch(ctx.app, buyers[i % 2]!, query), query);
    }
    const sellers = [true, false].map((verified) => ({
      _id: newId(),
      name: 'Seller',
      email: `alerts-equal-${newId()}@test.cardealer.dev`,
      userRole: 'Seller' as const,
      userVerify: verified ? ('true' as const) : ('false' as const),
    }));
    await db.insert(users).values(sellers);
    // The unverified seller is a dealer: the seller type and the tick are apart.
    await db.execute(sql`insert into dealer_profiles (user_id, name, address, zip, phone)
      values (${sellers[1]!._id}, 'Equal Motors', '1 Main St', '78701', '5125550100')`);
    const records = fc.sample(carArbitrary, { numRuns: 80, seed: 25 });
    const rows = records.map((r, i) => {
      const models = MAKES[r.make];
      const model = models[r.model % models.length]!;
      const id = newId();
      cars.push(id);
      return {
        _id: id,
        carName: `${r.make} ${model} ${TRIMS[r.trim]}`,
        carPhoto: '/images/cars/car-01.svg',
        categoryName: r.make,
        condition: r.condition,
        originalPrice: r.price * 1.4,
        resalePrice: r.price,
        productLocation: LOCATIONS[r.location]!,
        userYears: r.years,
        postTime: 'today',
        productDescription: DESCRIPTIONS[r.description]!,
        sellerName: 'Seller',
        email: sellers[r.seller]!.email,
        // A few cars without vehicle data, as every car posted before cars had vehicle data.
        model: i % 9 === 0 ? null : model,
        modelYear: r.modelYear,
        mileage: r.mileage,
        fuel: r.fuel,
        transmission: r.transmission,
        bodyStyle: r.bodyStyle,
        soldAt: i % 11 === 0 ? new Date() : null,
      };
    });
    await db.insert(products).values(rows);
    // Each car at its location's place, but every fifth (no place: no search within a radius).
    const placed = cars.flatMap((id, i) =>
      i % 5 === 4 ? [] : [sql`(${id}, ${ZIPS[records[i]!.location]!})`],
    );
    await db.execute(sql`update products p set zip = pl.zip, latitude = pl.latitude,
      longitude = pl.longitude from (values ${sql.join(placed, sql`, `)}) as c(id, zip)
      join places pl on pl.zip = c.zip where p.id = c.id`);
    await ctx.app.alertMatching.run();
    // Sixty searches saved through the API, one after another: a minute on a busy machine.
  }, 60_000);
  afterAll(() => ctx.close());

  /** The test's cars GET /api/products lists for this query, every page. */
  async function listed(query: string): Promise<string[]> {
    const found: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ctx.app.inject({
        url: `/api/products?${query}${query ? '&' : ''}limit=${SEARCH_MAX_PAGE}${
          cursor ? `&cursor=${cursor}` : ''
        }`,
      });
      expect(page.statusCode).toBe(200);
      found.push(...(page.json() as { _id: string }[]).map((car) => car._id));
      cursor = page.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
    } while (cursor);
    return found.filter((id) => cars.includes(id)).sort();
  }

  it('alerts each saved search of the cars its search lists, and of no other', async () => {
    const result = (await ctx.database.db.execute(
      sql`select saved_search_id as s, product_id as p from notifications where kind = 'match'`,
    )) as unknown as { rows: { s: string; p: string }[] };
    const alerted = new Map<string, string[]>();
    for (const row of result.rows) alerted.set(row.s, [...(alerted.get(row.s) ?? []), row.p]);
    const differences: string[] = [];
    let total = 0;
    const counts = new Map<string, number>();
    for (const [id, query] of searches) {
      const expected = await listed(query);
      const got = (alerted.get(id) ?? []).sort();
      total += expected.length;
      counts.set(query, expected.length);
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        differences.push(
          `${query || '(all cars)'}: search lists ${expected.length}, alerted ${got.length}`,
        );
      }
    }
    expect(differences).toEqual([]);
    // The comparison means something: most searches list some cars, and some list none.
    expect(total).toBeGreaterThan(cars.length);
    expect(result.rows).toHaveLength(total);
    // Typos forgiven, a word no car has left out when the rest match, and alone: nothing.
    for (const query of [
      'q=ferari',
      'q=teslla%20modle',
      'q=tesla%20xyzzyq',
      'location=tx',
      'zip=78701&radius=200',
      'category=Tesla&model=Model%20S&zip=75201&radius=500',
      'category=BMW&category=Ferrari&zip=33130&radius=25',
    ]) {
      expect([query, counts.get(query)! > 0]).toEqual([query, true]);
    }
    expect(counts.get('q=xyzzyq')).toBe(0);
  });
});
