/**
 * One car: GET /api/products/{id} (seller, photos, fair price), the seller's edit (PATCH) and
 * photos on adding a car (the market value and fair price: catalogue/market-values.test.ts).
 */
import { eq } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
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

const PHOTO = (n: number) => `/image-host/i/${String(n).repeat(64).slice(0, 64)}.png`;

describe(`a car's own call and its edit (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  let buyer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp({ publicOrigin: 'https://cars.example.com' });
    [seller, otherSeller, buyer, admin] = await Promise.all([
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Seller', 'other-seller'),
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const markSold = (id: string) =>
    ctx.database.db.update(products).set({ soldAt: new Date() }).where(eq(products._id, id));
  const patch = (user: TestUser | null, id: string, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: user ? user.auth : {},
      payload,
    });

  describe('GET /api/products/{id}', () => {
    it('answers the car with its photos, its seller and no fair price without comparables', async () => {
      const id = await postProduct(ctx.app, seller, { carName: 'BMW M4', categoryName: 'BMW' });
      const response = await ctx.app.inject({ url: `/api/products/${id}` });
      expect(response.statusCode).toBe(200);
      const car = response.json();
      expect(car).toMatchObject({
        _id: id,
        carName: 'BMW M4',
        categoryName: 'BMW',
        resalePrice: 38500,
        sold: false,
        photos: [productBody().carPhoto],
        fairPrice: null,
        seller: {
          name: seller.name,
          photo: '/images/avatar.svg',
          verified: false,
          carsSold: 0,
        },
      });
      expect(Date.parse(car.seller.memberSince)).not.toBeNaN();
    });

    it('answers 404 for an unknown car', async () => {
      const response = await ctx.app.inject({ url: `/api/products/${newId()}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'id: no such product' });
    });

    it('answers a sold car with sold true, and search leaves it out', async () => {
      const id = await postProduct(ctx.app, seller, { carName: 'Sold Tesla' });
      await markSold(id);
      const response = await ctx.app.inject({ url: `/api/products/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ _id: id, sold: true, fairPrice: null });
      expect(response.json().seller.carsSold).toBeGreaterThanOrEqual(1);
      const search = await ctx.app.inject({ url: '/api/products?q=Sold%20Tesla&limit=48' });
      expect(search.json().map((c: { _id: string }) => c._id)).not.toContain(id);
    });
  });

  describe('PATCH /api/products/{id}', () => {
    it("changes the seller's own car and sets when it was edited", async () => {
      const id = await postProduct(ctx.app, seller);
      const response = await patch(seller, id, {
        carName: '  Tesla Model 3 Long Range ',
        resalePrice: '36000',
        userYears: 3,
        condition: 'Excellent',
        categoryName: 'tesla',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        _id: id,
        carName: 'Tesla Model 3 Long Range',
        resalePrice: 36000,
        userYears: 3,
        condition: 'Excellent',
        categoryName: 'Tesla',
        productLocation: 'Austin, TX',
      });
      const [row] = await ctx.database.db
        .select({ updatedAt: products.updatedAt })
        .from(products)
        .where(eq(products._id, id));
      expect(row?.updatedAt).toBeInstanceOf(Date);
      const again = await ctx.app.inject({ url: `/api/products/${id}` });
      expect(again.json().carName).toBe('Tesla Model 3 Long Range');
    });

    it('refuses another seller, a buyer, an admin and nobody; changes nothing', async () => {
      const id = await postProduct(ctx.app, seller);
      expect((await patch(otherSeller, id, { resalePrice: 1 })).statusCode).toBe(403);
      expect((await patch(buyer, id, { resalePrice: 1 })).statusCode).toBe(403);
      expect((await patch(admin, id, { resalePrice: 1 })).statusCode).toBe(403);
      expect((await patch(null, id, { resalePrice: 1 })).statusCode).toBe(401);
      const car = await ctx.app.inject({ url: `/api/products/${id}` });
      expect(car.json().resalePrice).toBe(38500);
    });

    it('answers 404 for an unknown car and 409 for a sold one', async () => {
      expect((await patch(seller, newId(), { resalePrice: 1 })).statusCode).toBe(404);
      const id = await postProduct(ctx.app, seller);
      await markSold(id);
      const response = await patch(seller, id, { resalePrice: 1 });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This car has been sold');
    });

    it('takes 1 to 10 photos of this host, the cover first, and makes the first the cover', async () => {
      const id = await postProduct(ctx.app, seller);
      const photos = [PHOTO(1), 'https://cars.example.com/image-host/i/x.png', PHOTO(3)];
      const response = await patch(seller, id, { photos });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ carPhoto: PHOTO(1), photos });

      const cover = await patch(seller, id, { carPhoto: PHOTO(4) });
      expect(cover.json()).toMatchObject({
        carPhoto: PHOTO(4),
        photos: [PHOTO(4), photos[1], PHOTO(3)],
      });

      const cases: [object, RegExp][] = [
        [{ photos: [] }, /^photos: /],
        [{ photos: Array.from({ length: 11 }, (_, i) => PHOTO(i % 10) + i) }, /^photos: /],
        [{ photos: ['https://elsewhere.example.com/a.png'] }, /^photos\.0: /],
        [{ photos: [PHOTO(1), PHOTO(1)] }, /^photos: /],
        [{ photos: [PHOTO(1)], carPhoto: PHOTO(2) }, /^carPhoto: /],
        [{}, /^body: /],
        [{ soldAt: 'now' }, /^body: |soldAt/],
        [{ resalePrice: -1 }, /^resalePrice: /],
        [{ categoryName: 'Trabant' }, /^categoryName: /],
      ];
      for (const [payload, message] of cases) {
        const refused = await patch(seller, id, payload);
        expect([refused.statusCode, refused.json().message]).toEqual([
          400,
          expect.stringMatching(message),
        ]);
      }
    });
  });

  describe('POST /api/category with photos', () => {
    it('stores the photos when carPhoto is the first', async () => {
      const photos = [PHOTO(5), PHOTO(6)];
      const id = await postProduct(ctx.app, seller, { carPhoto: PHOTO(5), photos });
      const car = await ctx.app.inject({ url: `/api/products/${id}` });
      expect(car.json()).toMatchObject({ carPhoto: PHOTO(5), photos });
    });

    it('refuses photos whose first is not carPhoto, or not of this host', async () => {
      for (const [photos, message] of [
        [[PHOTO(6), PHOTO(5)], /^carPhoto: /],
        [[PHOTO(5), 'https://elsewhere.example.com/b.png'], /^photos\.1: /],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/category',
          headers: seller.auth,
          payload: productBody({ carPhoto: PHOTO(5), photos }),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    });
  });
});
