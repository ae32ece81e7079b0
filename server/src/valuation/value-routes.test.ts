/**
 * 'What's my car worth?' as a caller sees it (`GET /api/value`): a model with a fit of its own,
 * a rarer model valued by its make's slopes, a car given by its VIN, a make without a fit valued
 * by its comparables, a car it cannot value, every bad parameter named, a price rated, the
 * limit per address, and the fits kept in memory until the market refresh writes new ones.
 */
import { sql } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import { REAL_VINS } from '../../test/vins';
import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';

const YEAR = new Date().getUTCFullYear();
const LIMIT = 6;

describe(`GET /api/value (${databaseKind})`, () => {
  let ctx: TestContext;
  const email = `value-${newId()}@test.cardealer.dev`;
  let address = 0;
  /** Each test its own address, so that only the limit's test meets the limit. */
  const get = (query: string, remoteAddress = `10.9.0.${++address}`) =>
    ctx.app.inject({ url: `/api/value?${query}`, remoteAddress });

  async function addCar(car: {
    category: string;
    price: number;
    model?: string;
    modelYear?: number;
    mileage?: number;
    condition?: 'Excellent' | 'Good' | 'Fair';
    years?: number;
  }) {
    await ctx.database.db.insert(products).values({
      _id: newId(),
      carName: `${car.category} ${car.model ?? 'car'}`,
      carPhoto: '/images/cars/car-01.svg',
      categoryName: car.category,
      condition: car.condition ?? 'Good',
      originalPrice: car.price,
      resalePrice: car.price,
      productLocation: 'Austin, TX',
      userYears: car.years ?? (car.modelYear ? YEAR - car.modelYear : 3),
      postTime: 'today',
      productDescription: 'A car.',
      sellerName: 'Value Seller',
      email,
      model: car.model ?? null,
      modelYear: car.modelYear ?? null,
      mileage: car.mileage ?? null,
    });
  }

  /** The market refresh, as the server runs it after a catalogue change. */
  async function refresh() {
    while (!(await ctx.app.repos.search.refreshDeals())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    ctx = await buildTestApp({
      dealRatios: { delayMs: 600_000, pollMs: 600_000 },
      rateLimits: { value: { max: LIMIT, windowSeconds: 60 } },
    });
    await ctx.database.db
      .insert(users)
      .values({ _id: newId(), name: 'Value Seller', email, userRole: 'Seller' });
    // Thirty Model 3s priced by a rule (10 % a year, 3 % per 10,000 miles, 8 % per condition
    // step) with a little noise: a line of their own.
    for (let i = 0; i < 30; i++) {
      const modelYear = YEAR - 1 - (i % 6);
      const mileage = 8_000 + ((i * 7_919) % 90_000);
      const condition = (['Excellent', 'Good', 'Fair'] as const)[i % 3]!;
      const rule =
        48_000 * Math.exp(-0.1 * (YEAR - modelYear) - 0.03 * (mileage / 10_000) - 0.08 * (i % 3));
      const noise = 1 + ((i % 5) - 2) * 0.01;
      await addCar({
        category: 'Tesla',
        model: 'Model 3',
        modelYear,
        mileage,
        condition,
        price: Math.round(rule * noise),
      });
    }
    // Three 2015 Model S: too few for a line, valued by the make's slopes at their level.
    for (const [mileage, price] of [
      [60_000, 30_000],
      [80_000, 28_000],
      [70_000, 29_000],
    ] as const) {
      await addCar({ category: 'Tesla', model: 'Model S', modelYear: 2015, mileage, price });
    }
    // Lamborghinis without vehicle data: no fit, only comparables.
    for (const price of [200_000, 210_000, 220_000, 230_000, 240_000, 250_000]) {
      await addCar({ category: 'Lamborghini', price, years: 4 });
    }
    await refresh();
  });
  afterAll(() => ctx.close());

  it("values a model by its own line, with the line's 80 % range and its listings", async () => {
    const modelYear = YEAR - 3;
    const response = await get(
      `make=tesla&model=model%203&year=${modelYear}&mileage=40000&condition=Good`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const rule = 48_000 * Math.exp(-0.3 - 0.12 - 0.08);
    expect(body).toMatchObject({
      basis: 'model',
      comparables: 30,
      car: { make: 'Tesla', model: 'model 3', modelYear },
    });
    expect(Math.abs(body.value / rule - 1)).toBeLessThan(0.03);
    expect(body.low).toBeLessThanOrEqual(body.value);
    expect(body.high).toBeGreaterThanOrEqual(body.value);
    expect(body.rating).toBeUndefined();
  });

  it('rates a price against the value as the cards do', async () => {
    const base = `make=Tesla&model=Model 3&year=${YEAR - 3}&mileage=40000&condition=Good`;
    const value = (await get(base)).json().value as number;
    const rate = async (price: number) => (await get(`${base}&price=${price}`)).json().rating;
    expect(await rate(Math.round(value * 0.8))).toBe('great');
    expect(await rate(Math.round(value * 0.95))).toBe('good');
    expect(await rate(value)).toBe('fair');
    expect(await rate(Math.round(value * 1.2))).toBe('high');
    // Under $1,500 a price is not rated.
    expect(await rate(1_000)).toBeNull();
  });

  it("values a rarer model by its make's slopes at its own level", async () => {
    const body = (
      await get('make=Tesla&model=Model S&year=2015&mileage=70000&condition=Good')
    ).json();
    expect(body).toMatchObject({ basis: 'make', comparables: 3 });
    expect(Math.abs(body.value / 29_000 - 1)).toBeLessThan(0.1);
  });

  it('values a car given by its VIN as the car it decodes to', async () => {
    const response = await get(`vin=${REAL_VINS.tesla.toLowerCase()}&mileage=70000&condition=Good`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      basis: 'make',
      car: { make: 'Tesla', modelYear: 2015 },
    });
  }, 30_000);

  it("says why a VIN's car cannot be valued", async () => {
    const response = await get(`vin=${REAL_VINS.porsche}&mileage=10000&condition=Good`);
    expect(response.json()).toEqual({ value: null, reason: "We don't list Porsche yet" });
  }, 30_000);

  it("values a make without a fit by its comparables' spread", async () => {
    const body = (
      await get(`make=Lamborghini&model=Huracan&year=${YEAR - 4}&mileage=9000&condition=Good`)
    ).json();
    expect(body).toMatchObject({ basis: 'comparables', comparables: 6, value: 225_000 });
    expect(body.low).toBeLessThan(body.value);
    expect(body.high).toBeGreaterThan(body.value);
  });

  it('answers value null and why for a model, or a make, it cannot value', async () => {
    const unknown = await get(
      `make=Tesla&model=Cybertruck&year=${YEAR}&mileage=100&condition=Excellent`,
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({
      value: null,
      reason: 'Not enough similar cars to value it',
    });
    const make = await get(`make=Trabant&model=601&year=1980&mileage=100&condition=Fair`);
    expect(make.json()).toEqual({ value: null, reason: "We don't list Trabant yet" });
  });

  it('names every bad parameter in one 400', async () => {
    const response = await get('make=Tesla&year=19x&mileage=-5&condition=Mint&price=free');
    expect(response.statusCode).toBe(400);
    const { message } = response.json();
    for (const name of ['model', 'year', 'mileage', 'condition', 'price']) {
      expect(message).toMatch(new RegExp(`(^|; )${name}: `));
    }
    expect(message).not.toMatch(/make:/);
    const both = await get(`vin=${REAL_VINS.tesla}&make=Tesla&mileage=1&condition=Good`);
    expect(both.json().message).toMatch(/^vin: /);
    const badVin = await get('vin=123&mileage=1&condition=Good');
    expect(badVin.statusCode).toBe(400);
    expect(badVin.json().message).toMatch(/^vin: /);
  });

  it(`refuses an address's call past ${LIMIT} a minute with a 429`, async () => {
    const query = `make=Tesla&model=Model 3&year=${YEAR - 3}&mileage=1&condition=Good`;
    for (let i = 0; i < LIMIT; i++) expect((await get(query, '10.9.9.9')).statusCode).toBe(200);
    const refused = await get(query, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await get(query, '10.9.9.10')).statusCode).toBe(200);
  });

  it("reads a make's fits once, and again after the market refresh writes new ones", async () => {
    const query = `make=Tesla&model=Model 3&year=${YEAR - 3}&mileage=40000&condition=Good`;
    const before = (await get(query)).json().value as number;
    // The stored fits changed behind the server's back (a price level e times as high): the
    // answers come from the fits in memory, as read after the last refresh.
    await ctx.database.db.execute(
      sql`update market_fits set intercept = intercept + 1 where make = 'Tesla'`,
    );
    expect((await get(query)).json().value).toBe(before);
    // Ten more Model 3s at 1.6 times the rule: the refresh fits the model again, writes its
    // new fit (and the make's), and the next answer is the new fit's.
    for (let i = 0; i < 10; i++) {
      const modelYear = YEAR - 1 - (i % 6);
      const mileage = 10_000 + i * 5_000;
      const rule = 48_000 * Math.exp(-0.1 * (YEAR - modelYear) - 0.03 * (mileage / 10_000));
      await addCar({
        category: 'Tesla',
        model: 'Model 3',
        modelYear,
        mileage,
        condition: 'Excellent',
        price: Math.round(rule * 1.6),
      });
    }
    expect((await get(query)).json().value).toBe(before);
    await refresh();
    const after = (await get(query)).json();
    expect(after).toMatchObject({ basis: 'model', comparables: 40 });
    expect(after.value).toBeGreaterThan(before * 1.05);
    // The refresh replaced the changed fits: not e times the value.
    expect(after.value).toBeLessThan(before * 2);
  });
});
