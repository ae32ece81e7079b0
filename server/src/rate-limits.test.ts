/**
 * The rate limits of `/jwt`, `PUT /users`, uploads and `POST /orders`, counted in memory and in
 * the database: a 429 with Retry-After and a message, per user or per address.
 */
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  signUp,
  tableHashes,
  TEST_IMAGE_KEY,
  uploaderAuth,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../test/helper';

describe.each(['memory', 'database'] as const)(
  `rate limits (${databaseKind}, counted in %s)`,
  (store) => {
    let ctx: TestContext;
    let buyer: TestUser;
    let otherBuyer: TestUser;
    let productId: string;
    beforeAll(async () => {
      ctx = await buildTestApp({
        rateLimitStore: store,
        rateLimits: {
          // An hour: a busy machine must not see a window end halfway through a test.
          jwt: { max: 4, windowSeconds: 3600 },
          users: { max: 4, windowSeconds: 3600 },
          uploads: { max: 1, windowSeconds: 3600 },
          orders: { max: 2, windowSeconds: 3600 },
        },
      });
      // Registration: PUT /users and GET /jwt with ID tokens, counted per address (127.0.0.1).
      buyer = await registerUser(ctx.app, 'Buyer');
      otherBuyer = await registerUser(ctx.app, 'Buyer', 'other-buyer');
      const seller = await registerUser(ctx.app, 'Seller');
      productId = await postProduct(ctx.app, seller);
    });
    afterAll(() => ctx.close());

    const order = (user: TestUser, remoteAddress = '127.0.0.1') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: user.auth,
        remoteAddress,
        payload: {
          buyerName: 'B',
          phone: '5551234567',
          meetLocation: 'Main St',
          productID: productId,
        },
      });

    it('answer POST /orders over the limit with 429, Retry-After and a message, per user', async () => {
      await placeOrder(ctx.app, buyer, productId);
      // A refused booking (one open booking per car) still counts as a call.
      expect((await order(buyer)).statusCode).toBe(409);
      const before = await tableHashes(ctx.database.db);
      // Another address does not help: the limit follows the access token's user.
      const refused = await order(buyer, '10.1.2.3');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(
          /^Too many requests: at most 2 per 60 minutes; try again in \d+ s$/,
        ),
      });
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(await tableHashes(ctx.database.db)).toEqual(before);
      // Another buyer on another address still may.
      expect((await order(otherBuyer, '10.1.2.4')).statusCode).toBe(201);
    });

    it('count calls without a valid access token per address, before authentication', async () => {
      const anonymous = (remoteAddress: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          remoteAddress,
          headers: { authorization: 'bearer not-a-token' },
          payload: {},
        });
      expect((await anonymous('10.9.9.9')).statusCode).toBe(401);
      expect((await anonymous('10.9.9.9')).statusCode).toBe(401);
      expect((await anonymous('10.9.9.9')).statusCode).toBe(429);
      expect((await anonymous('10.9.9.8')).statusCode).toBe(401);
    });

    it('limit GET /jwt (and its HEAD) per address', async () => {
      // Three registrations used three of the four calls of 127.0.0.1.
      const email = uniqueEmail('jwt');
      const idToken = await signUp(email);
      const ask = (method: 'GET' | 'HEAD', remoteAddress = '127.0.0.1') =>
        ctx.app.inject({
          method,
          url: `/api/jwt?email=${encodeURIComponent(email)}`,
          headers: { authorization: `Bearer ${idToken}` },
          remoteAddress,
        });
      expect((await ask('HEAD')).statusCode).toBe(200);
      const refused = await ask('GET');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().message).toMatch(/^Too many requests/);
      expect((await ask('HEAD')).statusCode).toBe(429);
      expect((await ask('GET', '10.0.0.7')).statusCode).toBe(200);
    });

    it('limit PUT /users per user', async () => {
      const put = () =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/users',
          headers: buyer.auth,
          // Not 127.0.0.1, whose registrations already count against its address.
          remoteAddress: '10.3.3.3',
          payload: { name: 'New name', email: buyer.email, userRole: 'Buyer' },
        });
      for (let i = 0; i < 4; i++) expect((await put()).statusCode).toBe(200);
      const refused = await put();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });

    it('limit uploads per address, answering in the image host’s shape', async () => {
      const upload = (remoteAddress: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
          remoteAddress,
          // A new account each time: the address is what is counted here.
          headers: { 'content-type': 'application/json', ...uploaderAuth(ctx.app) },
          payload: '{}',
        });
      expect((await upload('10.5.5.5')).statusCode).toBe(415);
      const refused = await upload('10.5.5.5');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json()).toMatchObject({
        success: false,
        status: 429,
        message: expect.stringMatching(/^Too many requests/),
      });
      expect((await upload('10.5.5.6')).statusCode).toBe(415);
    });
  },
);

describe.each(['memory', 'database'] as const)(
  `rate limits cannot be dodged by switching tokens (${databaseKind}, counted in %s)`,
  (store) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await buildTestApp({
        rateLimitStore: store,
        rateLimits: { orders: { max: 2, windowSeconds: 3600 } },
      });
    });
    afterAll(() => ctx.close());

    it('counts per address whatever account the token names, and per account on any address', async () => {
      const seller = await registerUser(ctx.app, 'Seller');
      const car = await postProduct(ctx.app, seller);
      // Fresh accounts cost nothing: three of them from one address.
      const fresh = await Promise.all(
        ['a', 'b', 'c'].map((label) => registerUser(ctx.app, 'Buyer', `fresh-${label}`)),
      );
      const book = (user: TestUser, remoteAddress: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: user.auth,
          remoteAddress,
          payload: { buyerName: 'B', phone: '5551234567', meetLocation: 'Main St', productID: car },
        });
      expect((await book(fresh[0], '10.6.6.6')).statusCode).toBe(201);
      expect((await book(fresh[1], '10.6.6.6')).statusCode).toBe(201);
      const dodged = await book(fresh[2], '10.6.6.6');
      expect(dodged.statusCode).toBe(429);
      // The same account elsewhere is fine; the first account's own limit follows it anywhere.
      expect((await book(fresh[2], '10.6.6.7')).statusCode).toBe(201);
      expect((await book(fresh[0], '10.6.6.8')).statusCode).toBe(409);
      expect((await book(fresh[0], '10.6.6.9')).statusCode).toBe(429);
    });
  },
);
