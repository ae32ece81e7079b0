/**
 * Posting and changing cars are limited per account and per address: a seller cannot flood the
 * catalogue (and the moderators' queue) with cars, nor the people who saved a car with changes.
 */
import {
  buildTestApp,
  databaseKind,
  postProduct,
  productBody,
  registerUser,
  tableHashes,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const TOO_MANY = /^Too many requests: at most 2 per 60 minutes; try again in \d+ s$/;

describe(`limits on posting and changing cars (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let otherSeller: TestUser;
  let thirdSeller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp({
      rateLimits: {
        // An hour: a busy machine must not see a window end halfway through a test.
        carPosts: { max: 2, windowSeconds: 3600 },
        carEdits: { max: 2, windowSeconds: 3600 },
      },
    });
    [seller, otherSeller, thirdSeller] = await Promise.all([
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Seller', 'other-seller'),
      registerUser(ctx.app, 'Seller', 'third-seller'),
    ]);
  });
  afterAll(() => ctx.close());

  const post = (user: TestUser, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: user.auth,
      remoteAddress,
      payload: productBody(),
    });
  const edit = (user: TestUser, id: string, resalePrice: number, remoteAddress: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: user.auth,
      remoteAddress,
      payload: { resalePrice },
    });

  it('refuses a seller\u2019s cars past the limit with 429, on any address, and posts nothing', async () => {
    expect((await post(seller, '10.2.0.1')).statusCode).toBe(201);
    expect((await post(seller, '10.2.0.1')).statusCode).toBe(201);
    const before = await tableHashes(ctx.database.db);
    const refused = await post(seller, '10.2.0.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json()).toEqual({ message: expect.stringMatching(TOO_MANY) });
    expect(await tableHashes(ctx.database.db)).toEqual(before);
    // Another seller on another address still may.
    expect((await post(otherSeller, '10.2.0.3')).statusCode).toBe(201);
  });

  it('counts an address too: fresh accounts buy it no more cars', async () => {
    const newcomer = await registerUser(ctx.app, 'Seller', 'newcomer');
    expect((await post(thirdSeller, '10.2.1.1')).statusCode).toBe(201);
    expect((await post(otherSeller, '10.2.1.1')).statusCode).toBe(201);
    // The address has posted its two: a third account on it is refused, elsewhere it may post.
    expect((await post(newcomer, '10.2.1.1')).statusCode).toBe(429);
    expect((await post(newcomer, '10.2.1.2')).statusCode).toBe(201);
  });

  it('refuses changes to cars past the limit with 429, and the price stays', async () => {
    const fresh = await registerUser(ctx.app, 'Seller', 'editor');
    const car = await postProduct(ctx.app, fresh, { resalePrice: 90000 });
    expect((await edit(fresh, car, 30000, '10.2.2.1')).statusCode).toBe(200);
    expect((await edit(fresh, car, 90000, '10.2.2.1')).statusCode).toBe(200);
    const refused = await edit(fresh, car, 30000, '10.2.2.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: expect.stringMatching(TOO_MANY) });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/products/${car}` });
    expect(page.json()).toMatchObject({ resalePrice: 90000 });
  });
});
