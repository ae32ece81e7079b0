/**
 * The permission matrix: every route the app registers × {anonymous, buyer, seller, another
 * seller, admin, a deleted buyer (their old access token), a newcomer who registered as a Buyer
 * with that deleted buyer's e-mail}, with the status each must get. A refused call (and any read) must change
 * nothing: a hash of every table is compared before and after. The rows are checked against
 * the routes the app registered, so a new route without a row fails here. The callers and what
 * they act on are server/test/permission-fixture.ts; a row's shape, server/test/permission-matrix.ts.
 */
import type { InjectOptions } from 'fastify';
import { newId } from './platform/db/ids';
import {
  buildTestApp,
  databaseKind,
  productBody,
  TEST_IMAGE_KEY,
  tableHashes,
  type TestContext,
} from '../test/helper';
import { CALLERS, openPermissionFixture, type Fixture } from '../test/permission-fixture';
import {
  adminOnly,
  expectedOf,
  open,
  partiesOnly,
  sellersOwnRead,
  sellersOwnWrite,
  signedIn,
  withHeadRows,
  type Row,
} from '../test/permission-matrix';
import { accountRows } from '../test/permission-rows-accounts';
import { savedRows } from '../test/permission-rows-saved';
import { leavingRows } from '../test/permission-rows-leaving';
import { reviewRows } from '../test/permission-rows-reviews';
import { MATCH_ON_DEMAND } from '../test/alert-fixture';
import { unsubscribeRows } from '../test/permission-rows-alerts';
import { reportRows } from '../test/permission-rows-reports';
import { suspensionRows } from '../test/permission-rows-trust-flags';
import { moderationRows } from '../test/permission-rows-moderation';
import { accountRecoveryRows } from '../test/permission-rows-recovery';
import { insightsRows } from '../test/permission-rows-insights';
import { importRows } from '../test/permission-rows-imports';
import { REAL_VINS } from '../test/vins';

const rows: Row[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: open() },
  { route: 'GET /api/health/live', request: () => ({ url: '/api/health/live' }), expect: open() },
  { route: 'GET /api/health/ready', request: () => ({ url: '/api/health/ready' }), expect: open() },
  { route: 'GET /api/categories', request: () => ({ url: '/api/categories' }), expect: open() },
  {
    route: 'GET /api/jwt',
    // Each caller presents their own Firebase ID token, asking for the seller's email.
    request: (f, caller) => ({
      url: `/api/jwt?email=${f.users.seller.email}`,
      headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${f.users[caller].idToken}` },
    }),
    expect: { anonymous: 401, buyer: 401, seller: 200, otherSeller: 401, admin: 401 },
  },
  ...(['admin', 'buyer', 'seller'] as const).map((role) => ({
    route: `GET /api/users/${role}/:email`,
    request: (f: Fixture) => ({ url: `/api/users/${role}/${f.users.seller.email}` }),
    expect: sellersOwnRead,
  })),
  {
    route: 'PUT /api/users',
    request: (f) => ({
      url: '/api/users',
      payload: {
        name: f.users.seller.name,
        email: f.users.seller.email,
        userRole: 'Seller',
        userImg: '/images/avatar.svg',
      },
    }),
    expect: sellersOwnWrite,
  },
  ...accountRows,
  {
    route: 'GET /api/users/buyers',
    request: () => ({ url: '/api/users/buyers' }),
    expect: adminOnly,
  },
  {
    route: 'GET /api/users/sellers',
    request: () => ({ url: '/api/users/sellers' }),
    expect: adminOnly,
  },
  {
    route: 'DELETE /api/user/:id',
    request: async (f) => ({ url: `/api/user/${await f.freshUser('Buyer')}` }),
    expect: adminOnly,
  },
  {
    route: 'PUT /api/users/verify/:id',
    request: async (f) => ({ url: `/api/users/verify/${await f.freshUser('Seller')}` }),
    expect: adminOnly,
  },
  {
    route: 'GET /api/admin/categories',
    request: () => ({ url: '/api/admin/categories' }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/admin/categories',
    request: (f, caller) => ({
      url: '/api/admin/categories',
      payload: { categoryName: `Make ${caller} ${newId().slice(0, 8)}`, image: f.imageUrl },
    }),
    expect: { ...adminOnly, admin: 201 },
  },
  {
    route: 'PATCH /api/admin/categories/:id',
    request: async (f) => ({
      url: `/api/admin/categories/${await f.freshCategory()}`,
      payload: { rating: 3.5, position: 1 },
    }),
    expect: adminOnly,
  },
  {
    route: 'DELETE /api/admin/categories/:id',
    request: async (f) => ({ url: `/api/admin/categories/${await f.freshCategory()}` }),
    expect: adminOnly,
  },
  { route: 'GET /api/advertisment', request: () => ({ url: '/api/advertisment' }), expect: open() },
  { route: 'GET /api/places/:zip', request: () => ({ url: '/api/places/78701' }), expect: open() },
  {
    route: 'GET /api/category-products/:categoryName',
    request: () => ({ url: '/api/category-products/Tesla' }),
    expect: open(),
  },
  {
    route: 'GET /api/products',
    request: () => ({ url: '/api/products?category=Tesla&category=BMW&sort=price_asc' }),
    expect: open(),
  },
  {
    route: 'GET /api/products/facets',
    request: () => ({ url: '/api/products/facets?condition=Good' }),
    expect: open(),
  },
  {
    route: 'GET /api/products/:id',
    request: (f) => ({ url: `/api/products/${f.productId}` }),
    expect: open(),
  },
  {
    route: 'PATCH /api/products/:id',
    request: async (f) => ({
      url: `/api/products/${await f.freshProduct()}`,
      payload: { resalePrice: 30000, carName: 'Tesla Model 3 LR' },
    }),
    expect: sellersOwnWrite,
  },
  {
    route: 'POST /api/category',
    request: () => ({ url: '/api/category', payload: productBody() }),
    expect: { anonymous: 401, buyer: 403, seller: 201, otherSeller: 201, admin: 403 },
  },
  {
    route: 'GET /api/seller-products/:email',
    request: (f) => ({ url: `/api/seller-products/${f.users.seller.email}` }),
    expect: sellersOwnRead,
  },
  {
    route: 'PUT /api/seller-products/:id',
    request: async (f) => ({ url: `/api/seller-products/${await f.freshProduct()}` }),
    expect: sellersOwnWrite,
  },
  {
    route: 'DELETE /api/seller-products/:id',
    request: async (f) => ({ url: `/api/seller-products/${await f.freshProduct()}` }),
    expect: sellersOwnWrite,
  },
  {
    route: 'GET /api/orders',
    request: (f) => ({ url: `/api/orders?email=${f.users.buyer.email}` }),
    expect: { anonymous: 401, buyer: 200, seller: 403, otherSeller: 403, admin: 403 },
    newcomer: 403,
  },
  {
    route: 'POST /api/orders',
    request: (f) => ({
      url: '/api/orders',
      payload: {
        buyerName: 'B',
        phone: '5551234567',
        meetLocation: 'Main St',
        productID: f.productId,
      },
    }),
    expect: { anonymous: 401, buyer: 201, seller: 403, otherSeller: 403, admin: 403 },
  },
  {
    route: 'GET /api/orders/:id',
    request: async (f) => ({ url: `/api/orders/${await f.freshBooking()}` }),
    expect: partiesOnly(),
    newcomer: 404,
  },
  {
    route: 'PATCH /api/orders/:id',
    request: async (f) => ({
      url: `/api/orders/${await f.freshBooking()}`,
      payload: { status: 'accepted' },
    }),
    // The buyer is a party, but accepting is the seller's move.
    expect: { ...partiesOnly(), buyer: 403 },
    newcomer: 404,
  },
  {
    route: 'GET /api/seller-orders',
    request: () => ({ url: '/api/seller-orders' }),
    expect: { anonymous: 401, buyer: 403, seller: 200, otherSeller: 200, admin: 403 },
  },
  {
    route: 'GET /api/admin/orders',
    request: () => ({ url: '/api/admin/orders?status=requested' }),
    expect: adminOnly,
  },
  {
    route: 'GET /api/orders/:id/messages',
    request: async (f) => ({ url: `/api/orders/${await f.freshBooking()}/messages` }),
    expect: partiesOnly(),
    newcomer: 404,
  },
  {
    route: 'POST /api/orders/:id/messages',
    request: async (f) => ({
      url: `/api/orders/${await f.freshBooking()}/messages`,
      payload: { text: 'Is it still available?' },
    }),
    expect: partiesOnly(201),
    newcomer: 404,
  },
  {
    route: 'GET /api/notifications',
    request: () => ({ url: '/api/notifications' }),
    expect: signedIn(),
  },
  {
    route: 'POST /api/notifications/read',
    request: () => ({ url: '/api/notifications/read', payload: {} }),
    expect: signedIn(),
  },
  ...savedRows,
  ...leavingRows,
  ...reportRows,
  ...reviewRows,
  ...moderationRows,
  ...accountRecoveryRows,
  {
    route: 'GET /api/vin/:vin',
    request: () => ({ url: `/api/vin/${REAL_VINS.tesla}` }),
    expect: signedIn(),
  },
  {
    route: 'GET /api/events',
    request: () => ({ url: '/api/events' }),
    expect: signedIn(),
    stream: true,
  },
  // The image host takes its key (it works like imgbb) and a signed-in caller of any role.
  {
    route: 'POST /image-host/1/upload',
    request: (f) => ({ url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`, ...f.pngUpload }),
    expect: signedIn(),
  },
  ...unsubscribeRows,
  ...suspensionRows,
  ...insightsRows,
  ...importRows,
  { route: 'GET /robots.txt', request: () => ({ url: '/robots.txt' }), expect: open() },
  { route: 'GET /sitemap.xml', request: () => ({ url: '/sitemap.xml' }), expect: open() },
  {
    route: 'GET /sitemaps/:file',
    request: () => ({ url: '/sitemaps/cars-1.xml' }),
    expect: open(),
  },
  { route: 'GET /image-host/i/:file', request: (f) => ({ url: f.imageUrl }), expect: open() },
  // The API documentation (Swagger UI) is open.
  { route: 'GET /api/docs', request: () => ({ url: '/api/docs' }), expect: open() },
  { route: 'HEAD /api/docs/', request: () => ({ url: '/api/docs/' }), expect: open() },
  {
    route: 'GET /api/docs/static/index.html',
    request: () => ({ url: '/api/docs/static/index.html' }),
    expect: open(302),
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    request: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: open(),
  },
  { route: 'GET /api/docs/json', request: () => ({ url: '/api/docs/json' }), expect: open() },
  { route: 'GET /api/docs/yaml', request: () => ({ url: '/api/docs/yaml' }), expect: open() },
  {
    route: 'GET /api/docs/static/*',
    request: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: open(),
  },
  {
    route: 'GET /api/value',
    request: () => ({
      url: '/api/value?make=Tesla&model=Model%203&year=2020&mileage=40000&condition=Good',
    }),
    expect: open(),
  },
];

const matrix = withHeadRows(rows);
const cases = matrix.flatMap((row) =>
  CALLERS.map((caller) => [row.route, caller, expectedOf(row, caller), row] as const),
);

describe(`permission matrix (${databaseKind})`, () => {
  let ctx: TestContext;
  let fixture: Fixture;
  beforeAll(async () => {
    // The matcher runs only when asked: in the background it would empty its queue
    // (alert_work) between a call's before and after hashes.
    ctx = await buildTestApp(MATCH_ON_DEMAND);
    fixture = await openPermissionFixture(ctx);
  });
  afterAll(() => ctx.close());

  /** A stream's status, over a real connection (inject waits for an end that never comes). */
  async function streamStatus(request: InjectOptions, headers: Record<string, string>) {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {
      const { port } = ctx.app.server.address() as { port: number };
      return `http://127.0.0.1:${port}`;
    });
    const stop = new AbortController();
    const response = await fetch(`${address}${String(request.url)}`, {
      headers,
      signal: stop.signal,
    });
    const body = response.status === 200 ? '' : await response.text();
    stop.abort();
    return { statusCode: response.status, body, json: () => JSON.parse(body) as unknown };
  }

  it('has a row for every registered route, and no row for a route that does not exist', () => {
    const registered = ctx.app.registeredRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const covered = matrix.map((row) => row.route).sort();
    expect(covered).toEqual(registered);
  });

  it('notices a change in any table (the hash is not blind)', async () => {
    const before = await tableHashes(ctx.database.db);
    await fixture.freshProduct();
    const after = await tableHashes(ctx.database.db);
    expect(after.products).not.toBe(before.products);
    // product_counts, vehicle_counts, price_history and market_make_changes are derived from
    // products (kept by triggers): they follow.
    expect(after.price_history).not.toBe(before.price_history);
    const derived = {
      products: '',
      product_counts: '',
      vehicle_counts: '',
      price_history: '',
      market_make_changes: '',
    };
    expect({ ...after, ...derived }).toEqual({ ...before, ...derived });
  });

  it.each(cases)('%s as %s answers %i', async (_route, caller, expected, row) => {
    const request = await row.request(fixture, caller);
    const [method] = row.route.split(' ');
    const headers: Record<string, string> = { ...(request.headers as Record<string, string>) };
    if (caller !== 'anonymous' && !('authorization' in headers)) {
      headers.authorization = fixture.users[caller].auth.authorization;
    }
    const before = await tableHashes(ctx.database.db);
    const response = row.stream
      ? await streamStatus(request, headers)
      : await ctx.app.inject({ method: method as 'GET', ...request, headers });
    expect({ status: response.statusCode, body: response.body.slice(0, 300) }).toEqual({
      status: expected,
      body: expect.any(String),
    });
    if (response.statusCode >= 400 || method === 'GET' || method === 'HEAD') {
      expect(await tableHashes(ctx.database.db)).toEqual(before);
    }
    if (response.statusCode >= 400 && method !== 'HEAD') {
      expect(response.json()).toHaveProperty('message', expect.any(String));
    }
  });
});
