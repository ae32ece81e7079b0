import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  productBody,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const PRODUCT_KEYS = [
  '_id',
  'advertisement',
  'bodyStyle',
  'carName',
  'carPhoto',
  'categoryName',
  'condition',
  'drive',
  'email',
  'exteriorColor',
  'fuel',
  'isVerify',
  'make',
  'mileage',
  'model',
  'modelYear',
  'originalPrice',
  'owners',
  'place',
  'postTime',
  'productDescription',
  'productLocation',
  'resalePrice',
  'sellerId',
  'sellerName',
  'sellerPhoto',
  'sellerRating',
  'sold',
  'transmission',
  'trim',
  'userYears',
  'vin',
  'zip',
];
/**
 * The catalogue's cards: the original fields, and their seller's type, when the car was listed and
 * its recent drop beside them.
 */
const LISTED_KEYS = [...PRODUCT_KEYS, 'sellerType', 'listedAt', 'priceDrop'].sort();

describe(`products (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  let buyer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [seller, otherSeller, buyer, admin] = await Promise.all([
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Seller', 'other-seller'),
      registerUser(ctx.app, 'Buyer'),
      registerUser(ctx.app, 'Admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const post = (user: TestUser, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: user.auth,
      payload: payload as object,
    });

  describe('POST /api/category', () => {
    it('stores the product for the caller, with numbers from numeric strings', async () => {
      const response = await post(seller, productBody({ categoryName: 'ferrari' }));
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({
        acknowledged: true,
        insertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      const stored = await ctx.app.repos.products.findById(body.insertedId);
      expect(stored).toEqual({
        _id: body.insertedId,
        carName: 'Tesla Model 3',
        carPhoto: `/image-host/i/${'a'.repeat(64)}.png`,
        categoryName: 'Ferrari',
        condition: 'Good',
        originalPrice: 52000,
        resalePrice: 38500,
        productLocation: 'Austin, TX',
        userYears: 2,
        postTime: '11/22/2025, 10:00:00 AM',
        productDescription: 'One owner, always garaged.',
        sellerName: 'Sam Seller',
        sellerPhoto: '/images/avatar.svg',
        // The owner is the caller, never the body's email; new products are not advertised.
        email: seller.email,
        advertisement: 'false',
        isVerify: 'false',
        sold: false,
        // The seller's account and stored rating.
        sellerId: seller._id,
        sellerRating: { average: null, count: 0 },
        // The original payload names no vehicle data: unknown, but for the make (the category).
        make: 'Ferrari',
        vin: null,
        model: null,
        modelYear: null,
        trim: null,
        bodyStyle: null,
        fuel: null,
        transmission: null,
        drive: null,
        exteriorColor: null,
        mileage: null,
        owners: null,
        // The one US place its location names, by the ZIP code nearest the city's centre.
        zip: '78703',
        place: 'Austin, TX',
      });
    });

    it('accepts JSON numbers too, and defaults postTime and sellerPhoto', async () => {
      const id = await postProduct(ctx.app, seller, {
        originalPrice: 1000.5,
        resalePrice: 0,
        userYears: 0.5,
        postTime: undefined,
        sellerPhoto: null,
      });
      const stored = await ctx.app.repos.products.findById(id);
      expect(stored).toMatchObject({ originalPrice: 1000.5, resalePrice: 0, userYears: 0.5 });
      expect(stored?.postTime).toMatch(/\d/);
      expect(stored?.sellerPhoto).toBe('/images/avatar.svg');
    });

    it.each([
      [
        { originalPrice: 'abc' },
        'originalPrice: must be a number from 0 to 10000000, or a numeric string such as "12.5"',
      ],
      [
        { resalePrice: '-5' },
        'resalePrice: must be a number from 0 to 10000000, or a numeric string such as "12.5"',
      ],
      [
        { resalePrice: -5 },
        'resalePrice: must be a number from 0 to 10000000, or a numeric string such as "12.5"',
      ],
      [
        { originalPrice: '1e9' },
        'originalPrice: must be a number from 0 to 10000000, or a numeric string such as "12.5"',
      ],
      [{ originalPrice: '999999999' }, 'originalPrice: must be a number from 0 to 10000000'],
      [
        { userYears: 101 },
        'userYears: must be a number from 0 to 100, or a numeric string such as "12.5"',
      ],
      [{ userYears: '150' }, 'userYears: must be a number from 0 to 100'],
      [{ condition: 'Mint' }, 'condition: must be Excellent, Good or Fair'],
      [{ categoryName: 'Trabant' }, 'categoryName: no such category'],
      [{ carName: '' }, 'carName: must NOT have fewer than 1 characters'],
      [{ carName: 'x'.repeat(121) }, 'carName: must NOT have more than 120 characters'],
      [
        { productDescription: 'x'.repeat(4001) },
        'productDescription: must NOT have more than 4000 characters',
      ],
      [
        { carPhoto: 'javascript:alert(1)' },
        'carPhoto: must be an http(s) URL or a path on this origin',
      ],
      [{ carPhoto: undefined }, 'carPhoto: is required'],
      [{ sellerName: 42 }, 'sellerName: must be string'],
    ])('answers 400 naming the field for %j', async (overrides, message) => {
      const response = await post(seller, productBody(overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it('answers 400 for a body that is not an object', async () => {
      const response = await post(seller, [1, 2]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^body: must be object/);
    });

    it('is for sellers only', async () => {
      for (const user of [buyer, admin]) {
        const response = await post(user, productBody());
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'Only a seller may do this' });
      }
    });
  });

  describe('the catalogue', () => {
    let advertised: string;
    beforeAll(async () => {
      advertised = await postProduct(ctx.app, otherSeller, {
        categoryName: 'BMW',
        carName: 'BMW M5',
      });
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/seller-products/${advertised}`,
        headers: otherSeller.auth,
      });
    });

    it('GET /api/advertisment answers the advertised products to anyone', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/advertisment' });
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list.map((p: { _id: string }) => p._id)).toEqual([advertised]);
      expect(Object.keys(list[0]).sort()).toEqual(LISTED_KEYS);
      expect(list[0]).toMatchObject({
        advertisement: 'true',
        isVerify: 'false',
        originalPrice: 52000,
      });
    });

    it('GET /api/category-products/{name} answers that category, newest first, to anyone', async () => {
      const first = await postProduct(ctx.app, seller, {
        categoryName: 'Lamborghini',
        carName: 'Urus',
      });
      const second = await postProduct(ctx.app, otherSeller, {
        categoryName: 'Lamborghini',
        carName: 'Huracan',
      });
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/category-products/Lamborghini',
      });
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list.map((p: { _id: string }) => p._id)).toEqual([second, first]);
      for (const product of list) expect(Object.keys(product).sort()).toEqual(LISTED_KEYS);
    });

    it('answers 404 for an unknown category', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/category-products/Trabant',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'categoryName: no such category' });
    });
  });

  describe('seller-products', () => {
    it("GET answers the seller's own products; an admin may look too; nobody else", async () => {
      const mine = await postProduct(ctx.app, seller, { carName: 'Mine' });
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/seller-products/${seller.email}`,
        headers: seller.auth,
      });
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list[0]._id).toBe(mine);
      expect(list.every((p: { email: string }) => p.email === seller.email)).toBe(true);
      const byAdmin = await ctx.app.inject({
        method: 'GET',
        url: `/api/seller-products/${seller.email}`,
        headers: admin.auth,
      });
      expect(byAdmin.json()).toEqual(list);
      const byOther = await ctx.app.inject({
        method: 'GET',
        url: `/api/seller-products/${seller.email}`,
        headers: otherSeller.auth,
      });
      expect(byOther.statusCode).toBe(403);
    });

    it('PUT advertises the product once (modifiedCount 1, then 0)', async () => {
      const id = await postProduct(ctx.app, seller);
      const first = await ctx.app.inject({
        method: 'PUT',
        url: `/api/seller-products/${id}`,
        headers: seller.auth,
      });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const second = await ctx.app.inject({
        method: 'PUT',
        url: `/api/seller-products/${id}`,
        headers: seller.auth,
      });
      expect(second.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
      expect((await ctx.app.repos.products.findById(id))?.advertisement).toBe('true');
    });

    it("DELETE removes the product, declining the bookings on it; another seller's product is 403, unknown 404", async () => {
      const id = await postProduct(ctx.app, seller);
      await placeOrder(ctx.app, buyer, id);
      const byOther = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/seller-products/${id}`,
        headers: otherSeller.auth,
      });
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json()).toEqual({ message: 'id: this is not your product' });
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/seller-products/${id}`,
        headers: seller.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await ctx.app.repos.products.findById(id)).toBeNull();
      const orders = await ctx.app.repos.orders.listByBuyer(buyer._id);
      expect(orders.filter((o) => o.productID === id).map((o) => [o.status, o.reason])).toEqual([
        ['declined', 'The car was removed'],
      ]);
      for (const method of ['PUT', 'DELETE'] as const) {
        const gone = await ctx.app.inject({
          method,
          url: `/api/seller-products/${id}`,
          headers: seller.auth,
        });
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toEqual({ message: 'id: no such product' });
      }
    });
  });
});
