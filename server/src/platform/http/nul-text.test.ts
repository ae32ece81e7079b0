/** Text holding a NUL character (U+0000), which PostgreSQL cannot store: a 400, nothing changed. */
import {
  buildTestApp,
  databaseKind,
  registerUser,
  tableHashes,
  type TestContext,
  type TestUser,
} from '../../../test/helper';

describe(`text holding a NUL character (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());

  // PostgreSQL cannot store or compare U+0000 in text: it used to fail the query (a 500).
  it('is refused with 400 naming the field, in a body, a parameter or the query', async () => {
    const before = await tableHashes(ctx.database.db);
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: seller.auth,
      payload: {
        carName: 'Tesla\u0000',
        carPhoto: '/images/cars/car-01.svg',
        categoryName: 'Tesla',
        condition: 'Good',
        originalPrice: 1,
        resalePrice: 1,
        productLocation: 'Austin',
        userYears: 1,
        productDescription: 'x',
        sellerName: 'S',
      },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      message: 'carName: must not contain the NUL character (U+0000)',
    });
    const param = await ctx.app.inject({ url: '/api/category-products/Tes%00la' });
    expect(param.statusCode).toBe(400);
    expect(param.json().message).toBe('categoryName: must not contain the NUL character (U+0000)');
    const query = await ctx.app.inject({
      url: `/api/orders?email=${encodeURIComponent(seller.email)}%00`,
      headers: seller.auth,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^email: must not contain the NUL/);
    expect(await tableHashes(ctx.database.db)).toEqual(before);
  });
});
