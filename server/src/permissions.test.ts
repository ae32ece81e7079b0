/**
 * The permission matrix: every route the app registers × {anonymous, buyer, seller, another
 * seller, admin, a deleted buyer (their old access token), a newcomer who registered as a Buyer
 * with that deleted buyer's e-mail}, with the status each must get. A refused call (and any read) must change
 * nothing: a hash of every table is compared before and after. The rows are checked against
 * the routes the app registered, so a new route without a row fails here.
 */
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { newId } from './db/repositories/ids';
import { products } from './db/schema';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  productBody,
  registerAs,
  registerUser,
  TEST_IMAGE_KEY,
  tableHashes,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../test/helper';
import { REAL_VINS } from '../test/vins';

const CALLERS = [
  'anonymous',
  'buyer',
  'seller',
  'otherSeller',
  'admin',
  'deleted',
  'newcomer',
] as const;
type CallerName = (typeof CALLERS)[number];
/** The deleted account is refused wherever an anonymous caller is; the newcomer, see `Row`. */
type Expected = Record<Exclude<CallerName, 'deleted' | 'newcomer'>, number>;

interface Fixture {
  users: Record<Exclude<CallerName, 'anonymous'>, TestUser>;
  /** A product of `seller`. */
  productId: string;
  /** A stored image's URL. */
  imageUrl: string;
  pngUpload: { payload: Buffer; headers: Record<string, string> };
  /** A new product of `seller` (so a permitted delete or advertise has something to act on). */
  freshProduct(): Promise<string>;
  /** A new user record without a sign-in account. */
  freshUser(role: 'Seller' | 'Buyer'): Promise<string>;
  /** A new category without cars (its id). */
  freshCategory(): Promise<string>;
  /** A new requested booking by `buyer` of a new car of `seller`. */
  freshBooking(): Promise<string>;
}

interface Row {
  /** `METHOD url` exactly as registered. */
  route: string;
  /** The request, without authorization (the caller's access token is added unless set). */
  request(f: Fixture, caller: CallerName): Promise<InjectOptions> | InjectOptions;
  expect: Expected;
  /**
   * The newcomer with a deleted buyer's e-mail: a Buyer like `buyer`, but a party to none of
   * `buyer`'s bookings and not `buyer`; this status where that differs.
   */
  newcomer?: number;
  /** A stream that never ends: asked over a real connection, its status read, then left. */
  stream?: true;
}

const open = (status = 200): Expected => ({
  anonymous: status,
  buyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
const adminOnly: Expected = {
  anonymous: 401,
  buyer: 403,
  seller: 403,
  otherSeller: 403,
  admin: 200,
};
/** Something of `seller`'s that only they (and for reading, an admin) may touch. */
const sellersOwnRead: Expected = {
  anonymous: 401,
  buyer: 403,
  seller: 200,
  otherSeller: 403,
  admin: 200,
};
/** A booking of `buyer`'s on `seller`'s car: its two parties only; anyone else is told 404. */
const partiesOnly = (status = 200): Expected => ({
  anonymous: 401,
  buyer: status,
  seller: status,
  otherSeller: 404,
  admin: 404,
});
const signedIn = (status = 200): Expected => ({
  anonymous: 401,
  buyer: status,
  seller: status,
  otherSeller: status,
  admin: status,
});
const sellersOwnWrite: Expected = {
  anonymous: 401,
  buyer: 403,
  seller: 200,
  otherSeller: 403,
  admin: 403,
};

const rows: Row[] = [
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expect: open() },
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
  // The image host is guarded by its key (it works like imgbb), not by who is signed in.
  {
    route: 'POST /image-host/1/upload',
    request: (f) => ({ url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`, ...f.pngUpload }),
    expect: open(),
  },
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
];

/** Every HEAD route answers like its GET (Fastify adds one per GET route). */
function withHeadRows(base: Row[]): Row[] {
  const all = [...base];
  for (const row of base) {
    const [method, url] = row.route.split(' ');
    if (method !== 'GET' || row.stream) continue;
    all.push({
      route: `HEAD ${url}`,
      request: async (f, caller) => ({ ...(await row.request(f, caller)), method: 'HEAD' }),
      expect: row.expect,
      newcomer: row.newcomer,
    });
  }
  return all;
}

function expectedOf(row: Row, caller: CallerName): number {
  if (caller === 'deleted') return row.expect.anonymous;
  if (caller === 'newcomer') return row.newcomer ?? row.expect.buyer;
  return row.expect[caller];
}

const matrix = withHeadRows(rows);
const cases = matrix.flatMap((row) =>
  CALLERS.map((caller) => [row.route, caller, expectedOf(row, caller), row] as const),
);

describe(`permission matrix (${databaseKind})`, () => {
  let ctx: TestContext;
  let fixture: Fixture;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const app = ctx.app;
    const [buyer, seller, otherSeller, admin, deleted] = await Promise.all([
      registerUser(app, 'Buyer'),
      registerUser(app, 'Seller'),
      registerUser(app, 'Seller', 'other-seller'),
      registerUser(app, 'Admin'),
      registerUser(app, 'Buyer', 'deleted-buyer'),
    ]);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    const boundary = 'matrix-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="car.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const pngUpload = {
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
    const uploaded = await app.inject({
      method: 'POST',
      url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
      ...pngUpload,
    });
    const freshProduct = async () => {
      const id = newId();
      await ctx.database.db.insert(products).values({
        _id: id,
        carName: 'Fresh car',
        carPhoto: '/images/cars/car-01.svg',
        categoryName: 'Tesla',
        condition: 'Good',
        originalPrice: 100,
        resalePrice: 90,
        productLocation: 'Here',
        userYears: 1,
        postTime: 'now',
        productDescription: 'Fresh',
        sellerName: seller.name,
        email: seller.email,
      });
      return id;
    };
    // A buyer with a booking, deleted by the admin; then someone signs up with their e-mail.
    await placeOrder(app, deleted, await freshProduct());
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/user/${deleted._id}`,
      headers: admin.auth,
    });
    if (removal.statusCode !== 200) throw new Error(`DELETE /api/user: ${removal.body}`);
    const newcomer = await registerAs(app, deleted.email, 'Buyer');
    fixture = {
      users: { buyer, seller, otherSeller, admin, deleted, newcomer },
      productId: await freshProduct(),
      imageUrl: uploaded.json().data.display_url,
      pngUpload,
      freshProduct,
      freshBooking: async () => {
        const productID = await freshProduct();
        const booked = await app.repos.orders.insert({
          buyerName: buyer.name,
          buyerId: buyer._id,
          buyerEmail: buyer.email,
          productName: 'Fresh car',
          productPrice: 90,
          phone: '5551234567',
          meetLocation: 'Main St',
          productID,
          carImage: '/images/cars/car-01.svg',
          sellerEmail: seller.email,
          sellerName: seller.name,
        });
        if (!('id' in booked)) throw new Error('the fixture booking was refused');
        return booked.id;
      },
      freshCategory: async () => {
        const made = await app.repos.categories.create({
          categoryName: `Fresh make ${newId().slice(0, 8)}`,
          image: '/images/categories/bmw.svg',
          rating: 4,
        });
        if (!('_id' in made)) throw new Error('the fixture category was refused');
        return made._id;
      },
      freshUser: async (role) => {
        const outcome = await app.repos.users.upsert({
          email: uniqueEmail(`fresh-${role.toLowerCase()}`),
          name: `Fresh ${role}`,
          userImg: '',
          userRole: role,
        });
        return outcome.upsertedId!;
      },
    };
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
    // product_counts, vehicle_counts and price_history are derived from products (kept by
    // triggers): they follow.
    expect(after.price_history).not.toBe(before.price_history);
    const derived = { products: '', product_counts: '', vehicle_counts: '', price_history: '' };
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
