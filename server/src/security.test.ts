/**
 * Security headers on every answer (helmet, the web app's Content-Security-Policy, the relaxed
 * one of Swagger UI) and the rate limits of `/jwt`, `PUT /users`, uploads and `POST /orders`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadServerConfig } from './config';
import { cspDirectives } from './http/security-headers';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  signUp,
  tableHashes,
  TEST_IMAGE_KEY,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../test/helper';

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe(`security headers (${databaseKind})`, () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'cardealer-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    ctx = await buildTestApp({ webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['the web app', 'GET', '/some/page', { accept: 'text/html' }, 200],
    ['the web app itself', 'GET', '/index.html', {}, 200],
    ['an unknown path outside the API', 'GET', '/nope.txt', {}, 404],
    ['the image host', 'GET', `/image-host/i/${'0'.repeat(64)}.png`, {}, 404],
  ] as const)(
    "are on %s, with the web app's policy",
    async (_label, method, url, headers, status) => {
      const response = await ctx.app.inject({ method, url, headers });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.stringContaining('max-age='),
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'x-dns-prefetch-control': 'off',
      });
      expect(response.headers['x-powered-by']).toBeUndefined();
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      // Demo mode is plain http on any address of the machine: nothing is upgraded.
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
    },
  );

  it.each([
    ['an API read', 'GET', '/api/categories', {}, 200],
    ['a paged API read', 'GET', '/api/category-products/BMW?limit=2', {}, 200],
    ['an API refusal', 'GET', '/api/orders?email=a@b.co', {}, 401],
    ['a refused write', 'POST', '/api/orders', { 'content-type': 'text/plain' }, 401],
    ['an unknown API path', 'GET', '/api/nope', {}, 404],
  ] as const)(
    'are on %s: the ones that matter for JSON, with a policy that allows nothing',
    async (_label, method, url, headers, status) => {
      const response = await ctx.app.inject({
        method,
        url,
        headers,
        ...(method === 'POST' ? { payload: 'x' } : {}),
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': expect.stringContaining('max-age='),
      });
      // Document-only headers are left off a JSON answer.
      for (const name of [
        'cross-origin-opener-policy',
        'referrer-policy',
        'x-dns-prefetch-control',
      ]) {
        expect(response.headers[name]).toBeUndefined();
      }
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('let stored pictures be shown by a web app on another origin', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const boundary = 'b';
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers['cross-origin-resource-policy']).toBe('same-origin');
    const served = await ctx.app.inject({ url: uploaded.json().data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('give Swagger UI (its routes only) a policy of its own that still forbids inline script', async () => {
    for (const url of [
      '/api/docs/static/index.html',
      '/api/docs/json',
      '/api/docs/',
      '/api/docs',
      '/api/docs?lang=en',
      '/api/docs/json?v=2',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBeLessThan(400);
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toContain("'unsafe-inline'");
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('allow hosted Firebase in production mode, from the same variables the web build reads', () => {
    const config = loadServerConfig({
      APP_MODE: 'production',
      DATA_DIR: ctx.imageDir,
      ACCESS_TOKEN_SECRET: 'x'.repeat(40),
      FIREBASE_AUTH_DOMAIN: 'my-cars.firebaseapp.com',
      IMAGE_HOST_URL: 'https://api.imgbb.com/1/upload',
      CSP_CONNECT_SRC: 'https://metrics.example.com',
    });
    const csp = cspDirectives(config.contentSecurityPolicy);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      'https://api.imgbb.com',
      'https://metrics.example.com',
    ]);
    expect(csp['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    expect(csp['frame-src']).toEqual(['https://my-cars.firebaseapp.com']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(() =>
      loadServerConfig({ DATA_DIR: ctx.imageDir, CSP_CONNECT_SRC: "'unsafe-eval'" }),
    ).toThrow(/CSP_CONNECT_SRC/);
  });
});

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
          headers: { 'content-type': 'application/json' },
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
