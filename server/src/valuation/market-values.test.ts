/**
 * The market values as callers see them: stored by a refresh, on the car's page (the value, its
 * basis, the rating) and in search (the badges, and the `deal` order that agrees with them);
 * no rating with too little data, over 25 years or under $1,500; and a car posted, edited or
 * deleted through the API revalued in the background within moments.
 */
import { newId } from '../platform/db/ids';
import { products, users } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
} from '../../test/helper';

const YEAR = new Date().getUTCFullYear();

interface Priced {
  _id: string;
  resalePrice: number;
  fairPrice: { rating: string; median: number; comparables: number } | null;
}

describe(`market values (${databaseKind})`, () => {
  let ctx: TestContext;
  const email = `market-${newId()}@test.cardealer.dev`;
  beforeAll(async () => {
    // Refreshed by the tests (and once at the start): no background refresh between them.
    ctx = await buildTestApp({ dealRatios: { delayMs: 600_000, pollMs: 600_000 } });
    await ctx.database.db
      .insert(users)
      .values({ _id: newId(), name: 'Market Seller', email, userRole: 'Seller' });
  });
  afterAll(() => ctx.close());

  /** A car written behind the API's back (as a seed would), with or without vehicle data. */
  async function addCar(values: {
    category: string;
    price: number;
    years?: number;
    condition?: 'Excellent' | 'Good' | 'Fair';
    model?: string;
    modelYear?: number;
    mileage?: number;
    sold?: boolean;
  }): Promise<string> {
    const id = newId();
    await ctx.database.db.insert(products).values({
      _id: id,
      carName: `${values.category} ${values.model ?? 'car'}`,
      carPhoto: '/images/cars/car-01.svg',
      categoryName: values.category,
      condition: values.condition ?? 'Good',
      originalPrice: values.price,
      resalePrice: values.price,
      productLocation: 'Austin, TX',
      userYears: values.years ?? (values.modelYear ? YEAR - values.modelYear : 3),
      postTime: 'today',
      productDescription: 'A car.',
      sellerName: 'Market Seller',
      email,
      model: values.model ?? null,
      modelYear: values.modelYear ?? null,
      mileage: values.mileage ?? null,
      soldAt: values.sold ? new Date() : null,
    });
    return id;
  }

  /** Refreshes now (again, if the server's own refresh held the lock). */
  async function refresh() {
    while (!(await ctx.app.repos.search.refreshDeals())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ctx.app.catalogueCache.invalidate();
  }
  const page = async (id: string) => (await ctx.app.inject({ url: `/api/products/${id}` })).json();

  it('rates a car without vehicle data against its comparables, from five of them', async () => {
    const car = await addCar({ category: 'Tesla', price: 30000, years: 5 });
    // Not comparable: another category or condition, years 2 and 8, sold.
    await addCar({ category: 'Ferrari', price: 10000, years: 5 });
    await addCar({ category: 'Tesla', price: 10000, years: 5, condition: 'Fair' });
    await addCar({ category: 'Tesla', price: 10000, years: 2 });
    await addCar({ category: 'Tesla', price: 10000, years: 8 });
    await addCar({ category: 'Tesla', price: 10000, years: 5, sold: true });
    // With itself, four (years 3 to 7): a value, no rating.
    for (const [price, years] of [
      [20000, 3],
      [40000, 7],
      [50000, 4],
    ]) {
      await addCar({ category: 'Tesla', price: price!, years: years! });
    }
    await refresh();
    expect(await page(car)).toMatchObject({
      fairPrice: null,
      marketValue: { value: 35000, basis: 'comparables', listings: 4, rated: false },
    });
    await addCar({ category: 'Tesla', price: 60000, years: 5 });
    await refresh();
    // 20k, 30k, 40k, 50k, 60k: the median 40k; 30k is 0.75 of it.
    expect(await page(car)).toMatchObject({
      fairPrice: { rating: 'great', median: 40000, comparables: 5 },
      marketValue: { value: 40000, basis: 'comparables', listings: 5, makeListings: null },
    });
  });

  it("values a model by its own line, a rare one by its make's, and says on what", async () => {
    // 30 BMW 3 Series on price = 50,000 × 0.9^age × 0.97 per 10,000 miles (± 2 %), and 6 X5
    // 40 % dearer, 2 Z8 and one i8.
    const line = (age: number, mileage: number, i: number) =>
      Math.round(
        (50000 * 0.9 ** age * 0.97 ** (mileage / 10000) * (1 + ((i % 5) - 2) / 100)) / 10,
      ) * 10;
    const series: string[] = [];
    for (let i = 0; i < 30; i++) {
      const age = i % 10;
      const mileage = age * 11000 + (i % 4) * 2000;
      series.push(
        await addCar({
          category: 'BMW',
          model: '3 Series',
          modelYear: YEAR - age,
          mileage,
          price: line(age, mileage, i),
          condition: i % 3 === 0 ? 'Excellent' : 'Good',
        }),
      );
    }
    // One 3 Series 20 % under its line, one 15 % over.
    const bargain = await addCar({
      category: 'BMW',
      model: '3 Series',
      modelYear: YEAR - 5,
      mileage: 55000,
      price: Math.round(line(5, 55000, 2) * 0.8),
    });
    const dear = await addCar({
      category: 'BMW',
      model: '3 Series',
      modelYear: YEAR - 2,
      mileage: 22000,
      price: Math.round(line(2, 22000, 2) * 1.15),
    });
    const x5 = [];
    for (let i = 0; i < 6; i++) {
      const age = 1 + i;
      x5.push(
        await addCar({
          category: 'BMW',
          model: 'X5',
          modelYear: YEAR - age,
          mileage: age * 10000,
          price: Math.round(line(age, age * 10000, i + 2) * 1.4),
        }),
      );
    }
    const z8 = await addCar({
      category: 'BMW',
      model: 'Z8',
      modelYear: YEAR - 3,
      mileage: 30000,
      price: 90000,
    });
    await addCar({
      category: 'BMW',
      model: 'Z8',
      modelYear: YEAR - 4,
      mileage: 40000,
      price: 85000,
    });
    const i8 = await addCar({
      category: 'BMW',
      model: 'i8',
      modelYear: YEAR - 2,
      mileage: 20000,
      price: 99000,
    });
    // A 3 Series over 25 years old, and one under $1,500: valued, not rated.
    const old = await addCar({
      category: 'BMW',
      model: '3 series',
      modelYear: YEAR - 26,
      mileage: 250000,
      price: 9000,
    });
    const cheap = await addCar({
      category: 'BMW',
      model: '3 Series',
      modelYear: YEAR - 9,
      mileage: 99000,
      price: 1400,
    });
    await refresh();

    const first = await page(series[4]!);
    expect(first.marketValue).toMatchObject({
      basis: 'model',
      listings: 34,
      makeListings: null,
      rated: true,
    });
    expect(first.marketValue.value / first.resalePrice).toBeGreaterThan(0.96);
    expect(first.marketValue.value / first.resalePrice).toBeLessThan(1.04);
    expect(first.fairPrice).toEqual({
      rating: expect.stringMatching(/^(good|fair)$/),
      median: first.marketValue.value,
      comparables: 34,
    });
    const rare = await page(x5[2]!);
    expect(rare.marketValue).toMatchObject({
      basis: 'make',
      listings: 6,
      makeListings: 43,
      rated: true,
    });
    expect(rare.marketValue.value / rare.resalePrice).toBeGreaterThan(0.95);
    expect(rare.marketValue.value / rare.resalePrice).toBeLessThan(1.05);
    expect(await page(z8)).toMatchObject({
      fairPrice: null,
      marketValue: { basis: 'make', listings: 2, makeListings: 43, rated: false },
    });
    expect(await page(i8)).toMatchObject({ fairPrice: null, marketValue: null });
    expect(await page(old)).toMatchObject({
      fairPrice: null,
      marketValue: { basis: 'model', rated: false },
    });
    expect(await page(cheap)).toMatchObject({
      fairPrice: null,
      marketValue: { basis: 'model', rated: false },
    });

    // 'Best deal' is the order of the badges' ratios (price ÷ value), the unrated last.
    const response = await ctx.app.inject({ url: '/api/products?category=BMW&sort=deal&limit=48' });
    const cars = response.json() as Priced[];
    expect(cars).toHaveLength(43);
    const ratio = (car: Priced) =>
      car.fairPrice ? car.resalePrice / car.fairPrice.median : Infinity;
    const ratios = cars.map(ratio);
    expect(ratios).toEqual([...ratios].sort((a, b) => a - b));
    expect(cars.filter((c) => c.fairPrice === null).length).toBe(5);
    const rating = (id: string) => cars.find((c) => c._id === id)!.fairPrice?.rating;
    expect([rating(bargain), rating(dear), rating(series[4]!)]).toEqual([
      'great',
      'high',
      expect.stringMatching(/^(good|fair)$/),
    ]);
    expect(cars[0]!._id).toBe(bargain);
    expect(cars[37]!._id).toBe(dear); // the last rated
  });
});

describe(`market values after a change (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ dealRatios: { delayMs: 50 } });
  });
  afterAll(() => ctx.close());

  /** The car's page once `done` holds of it, or the last one seen after 10 s. */
  async function settled(id: string, done: (car: Record<string, unknown>) => boolean) {
    let car = (await ctx.app.inject({ url: `/api/products/${id}` })).json();
    for (let i = 0; i < 200 && !done(car); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      car = (await ctx.app.inject({ url: `/api/products/${id}` })).json();
    }
    return car;
  }

  it('values a car posted, edited and deleted through the API within moments', async () => {
    const seller = await registerUser(ctx.app, 'Seller');
    const group = { categoryName: 'Lamborghini', condition: 'Fair', userYears: '6' };
    const ids: string[] = [];
    for (const price of [200000, 210000, 220000, 230000, 240000]) {
      ids.push(await postProduct(ctx.app, seller, { ...group, resalePrice: String(price) }));
    }
    const [car] = ids as [string];
    const valued = await settled(car, (c) => c.fairPrice !== null);
    // 200k is 0.91 of the median 220k: a good deal.
    expect(valued.fairPrice).toEqual({ rating: 'good', median: 220000, comparables: 5 });

    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${car}`,
      headers: seller.auth,
      payload: { resalePrice: '260000' },
    });
    expect(edited.statusCode).toBe(200);
    // 210k, 220k, 230k, 240k, 260k: the median 230k; 260k is 1.13 of it.
    const dearer = await settled(
      car,
      (c) => (c.fairPrice as { rating?: string })?.rating === 'high',
    );
    expect(dearer.fairPrice).toEqual({ rating: 'high', median: 230000, comparables: 5 });

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller-products/${ids[4]}`,
      headers: seller.auth,
    });
    expect(deleted.statusCode).toBe(200);
    const fewer = await settled(car, (c) => c.fairPrice === null);
    expect(fewer).toMatchObject({ fairPrice: null, marketValue: { listings: 4, rated: false } });
  });
});
