/**
 * A car's place: the ZIP code its seller gives, or the one US place its location names, on
 * posting and editing; and the `zip` and `place` every answer of a car carries.
 */
import { eq } from 'drizzle-orm';
import { products } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  productBody,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`a car's place (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());

  const carOf = async (id: string) =>
    (await ctx.app.inject({ url: `/api/products/${id}` })).json() as Record<string, unknown>;
  const storedPoint = async (id: string) => {
    const [row] = await ctx.database.db
      .select({ zip: products.zip, latitude: products.latitude, longitude: products.longitude })
      .from(products)
      .where(eq(products._id, id));
    return row;
  };
  const post = (payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: seller.auth,
      payload: { ...payload },
    });
  const patch = (id: string, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: seller.auth,
      payload,
    });

  describe('POST /api/category', () => {
    it('places a car at the ZIP code given, its location kept as typed', async () => {
      const id = await postProduct(ctx.app, seller, { productLocation: 'ATX', zip: '78664' });
      expect(await carOf(id)).toMatchObject({
        productLocation: 'ATX',
        zip: '78664',
        place: 'Round Rock, TX',
      });
      expect(await storedPoint(id)).toEqual({
        zip: '78664',
        latitude: 30.5145,
        longitude: -97.668,
      });
    });

    it('places a car without a ZIP at the one US place its location names', async () => {
      const id = await postProduct(ctx.app, seller, { productLocation: 'round rock tx' });
      const car = await carOf(id);
      expect(car).toMatchObject({ productLocation: 'round rock tx', place: 'Round Rock, TX' });
      const place = await ctx.app.inject({ url: `/api/places/${String(car.zip)}` });
      expect(place.json()).toMatchObject({ place: 'Round Rock, TX' });
      const point = await storedPoint(id);
      expect(point?.latitude).toBeCloseTo(30.5, 0);
      expect(point?.longitude).toBeCloseTo(-97.7, 0);
    });

    it.each(['Maranello', 'ATX', 'Austin', 'Springfield, ZZ'])(
      "leaves a car at '%s' without a place",
      async (productLocation) => {
        const id = await postProduct(ctx.app, seller, { productLocation });
        expect(await carOf(id)).toMatchObject({ productLocation, zip: null, place: null });
        expect(await storedPoint(id)).toEqual({ zip: null, latitude: null, longitude: null });
      },
    );

    it('leaves a car without a place when its body says zip: null', async () => {
      const id = await postProduct(ctx.app, seller, { productLocation: 'Austin, TX', zip: null });
      expect(await carOf(id)).toMatchObject({ zip: null, place: null });
    });

    it.each(['00000', '7870', '787011', 'abcde', ' 78701', ''])(
      "refuses the ZIP code '%s': 400 naming zip",
      async (zip) => {
        const response = await post(productBody({ zip, carName: 'Unplaced car' }));
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('zip: no such US ZIP code');
      },
    );
  });

  describe('PATCH /api/products/{id}', () => {
    it('moves a car to a new ZIP code, and clears its place with zip: null', async () => {
      const id = await postProduct(ctx.app, seller, { productLocation: 'Austin, TX' });
      const moved = await patch(id, { zip: '80202' });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        productLocation: 'Austin, TX',
        zip: '80202',
        place: 'Denver, CO',
      });
      const cleared = await patch(id, { zip: null });
      expect(cleared.json()).toMatchObject({ zip: null, place: null });
      expect(await storedPoint(id)).toEqual({ zip: null, latitude: null, longitude: null });
    });

    it('places a car again by a new location, and keeps its ZIP when the location is sent unchanged', async () => {
      const id = await postProduct(ctx.app, seller, { productLocation: 'ATX', zip: '78701' });
      const same = await patch(id, { productLocation: 'ATX', carName: 'Renamed car' });
      expect(same.json()).toMatchObject({ zip: '78701', place: 'Austin, TX' });
      const moved = await patch(id, { productLocation: 'Mesa, AZ' });
      expect(moved.json()).toMatchObject({ productLocation: 'Mesa, AZ', place: 'Mesa, AZ' });
      const abroad = await patch(id, { productLocation: 'Maranello' });
      expect(abroad.json()).toMatchObject({ zip: null, place: null });
      const both = await patch(id, { productLocation: 'Modena', zip: '33101' });
      expect(both.json()).toMatchObject({
        productLocation: 'Modena',
        zip: '33101',
        place: 'Miami, FL',
      });
    });

    it("refuses an unknown ZIP code and keeps the car's place", async () => {
      const id = await postProduct(ctx.app, seller, { zip: '98101' });
      const response = await patch(id, { zip: '99999' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('zip: no such US ZIP code');
      expect(await carOf(id)).toMatchObject({ zip: '98101', place: 'Seattle, WA' });
    });
  });

  it('carries zip and place in every answer of a car: search, make, advertised, own list', async () => {
    const placed = await postProduct(ctx.app, seller, {
      carName: 'Quillfeather Roadster',
      categoryName: 'BMW',
      zip: '94601',
    });
    const unplaced = await postProduct(ctx.app, seller, {
      carName: 'Quillfeather Coupe',
      categoryName: 'BMW',
      productLocation: 'Maranello',
    });
    for (const id of [placed, unplaced]) {
      const advertised = await ctx.app.inject({
        method: 'PUT',
        url: `/api/seller-products/${id}`,
        headers: seller.auth,
      });
      expect(advertised.statusCode).toBe(200);
    }
    const expected = {
      [placed]: { zip: '94601', place: 'Oakland, CA' },
      [unplaced]: { zip: null, place: null },
    };
    const lists = {
      search: '/api/products?q=quillfeather',
      make: '/api/category-products/BMW',
      advertised: '/api/advertisment',
    };
    for (const [list, url] of Object.entries(lists)) {
      const response = await ctx.app.inject({ url });
      expect({ list, status: response.statusCode }).toEqual({ list, status: 200 });
      const cars = response.json() as { _id: string; zip: unknown; place: unknown }[];
      for (const id of [placed, unplaced]) {
        const car = cars.find((each) => each._id === id);
        expect({ list, zip: car?.zip, place: car?.place }).toEqual({ list, ...expected[id] });
      }
    }
    const own = await ctx.app.inject({
      url: `/api/seller-products/${encodeURIComponent(seller.email)}`,
      headers: seller.auth,
    });
    const mine = own.json() as { _id: string; zip: unknown; place: unknown }[];
    expect(mine.find((car) => car._id === placed)).toMatchObject(expected[placed]!);
    expect(mine.find((car) => car._id === unplaced)).toMatchObject(expected[unplaced]!);
  });
});
