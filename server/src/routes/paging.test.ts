/**
 * Paging, sorting and filtering of the long lists (category products, buyers, sellers), their
 * X-Total-Count and X-Next-Cursor headers, the unchanged answers without paging parameters,
 * the catalogue cache's invalidation on writes, and compressed catalogue answers.
 */
import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { products, users } from '../db/schema';
import { CatalogueCache } from '../http/catalogue-cache';
import { COMPRESS_FROM_BYTES } from '../http/catalogue-answers';
import {
  buildTestApp,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

let ctx: TestContext;
let admin: TestUser;
let seller: TestUser;

/** 30 Ferrari products with distinct times, prices and conditions (written directly). */
const conditions = ['Excellent', 'Good', 'Fair'] as const;
const base = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  ctx = await buildTestApp();
  admin = await registerUser(ctx.app, 'Admin');
  seller = await registerUser(ctx.app, 'Seller');
  await ctx.database.db.insert(products).values(
    Array.from({ length: 30 }, (_, i) => ({
      _id: `paging-${String(i).padStart(2, '0')}`,
      carName: `Ferrari ${i}`,
      carPhoto: '/images/cars/car-04.svg',
      categoryName: 'Ferrari',
      condition: conditions[i % 3],
      originalPrice: 300_000,
      // Prices repeat (ties are broken by _id).
      resalePrice: 100_000 + (i % 10) * 1000,
      productLocation: 'Miami, FL',
      userYears: 2,
      postTime: '1/1/2025, 10:00:00 AM',
      productDescription: 'A car.',
      sellerName: seller.name,
      sellerPhoto: '',
      email: seller.email,
      advertisement: 'false' as const,
      // Two products share each millisecond; the microseconds tell them apart.
      createdAt: new Date(base + Math.floor(i / 2) * 1000),
    })),
  );
  // Distinct microseconds for the pairs that share a millisecond.
  await ctx.database.db.execute(
    sql`update products set created_at = created_at + (right(id, 2)::int % 2) * interval '1 microsecond' where id like 'paging-%'`,
  );
  ctx.app.catalogueCache.invalidate();
});

afterAll(async () => {
  await ctx?.close();
});

async function get(url: string, auth?: { authorization: string }) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: auth });
  return response;
}

const ids = (body: { _id: string }[]) => body.map((p) => p._id);

describe('GET /api/category-products/{name} paging', () => {
  it('answers the whole list, newest first, without paging parameters (and the total)', async () => {
    const response = await get('/api/category-products/Ferrari');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(30);
    expect(body[0]._id).toBe('paging-29');
    expect(body[29]._id).toBe('paging-00');
    expect(response.headers['x-total-count']).toBe('30');
    // Readable by a web app on another origin (which sends an Origin header).
    expect(response.headers['access-control-expose-headers']).toBeUndefined();
    const crossOrigin = await ctx.app.inject({
      url: '/api/category-products/Ferrari?limit=1',
      headers: { origin: 'https://shop.example.com' },
    });
    expect(crossOrigin.headers['access-control-expose-headers']).toBe(
      'X-Total-Count, X-Next-Cursor',
    );
    // Every field of the spec's product, `sold`, the vehicle data and the price news, nothing more
    // (no cursor key leaks).
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'sold',
        '_id',
        'carName',
        'carPhoto',
        'categoryName',
        'condition',
        'originalPrice',
        'resalePrice',
        'productLocation',
        'userYears',
        'postTime',
        'productDescription',
        'sellerName',
        'sellerPhoto',
        'email',
        'advertisement',
        'isVerify',
        // The vehicle data (issue 24).
        'make',
        'vin',
        'model',
        'modelYear',
        'trim',
        'bodyStyle',
        'fuel',
        'transmission',
        'drive',
        'exteriorColor',
        'mileage',
        'owners',
        // When it was listed and its recent price drop (the price's history, issue 24).
        'listedAt',
        'priceDrop',
      ].sort(),
    );
  });

  it('pages with limit and offset, with the total in X-Total-Count', async () => {
    const first = await get('/api/category-products/ferrari?limit=7');
    expect(first.statusCode).toBe(200);
    expect(ids(first.json())).toEqual(
      Array.from({ length: 7 }, (_, i) => `paging-${String(29 - i).padStart(2, '0')}`),
    );
    expect(first.headers['x-total-count']).toBe('30');
    expect(first.headers['x-next-cursor']).toEqual(expect.any(String));
    const last = await get('/api/category-products/Ferrari?limit=7&offset=28');
    expect(ids(last.json())).toEqual(['paging-01', 'paging-00']);
    expect(last.headers['x-total-count']).toBe('30');
    expect(last.headers['x-next-cursor']).toBeUndefined();
    const beyond = await get('/api/category-products/Ferrari?limit=7&offset=100');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('30');
  });

  it.each([
    ['createdAt', 'desc'],
    ['createdAt', 'asc'],
    ['resalePrice', 'asc'],
    ['resalePrice', 'desc'],
  ])(
    'walks every row exactly once with the cursor (sort %s %s), same order as offsets',
    async (sort, order) => {
      const all = await get(`/api/category-products/Ferrari?limit=100&sort=${sort}&order=${order}`);
      const expected = ids(all.json());
      expect(expected).toHaveLength(30);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const response = await get(
          `/api/category-products/Ferrari?limit=4&sort=${sort}&order=${order}` +
            (cursor ? `&cursor=${cursor}` : ''),
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('30');
        seen.push(...ids(response.json()));
        cursor = response.headers['x-next-cursor'] as string | undefined;
        if (!cursor) break;
      }
      expect(seen).toEqual(expected);
      const values = (all.json() as { resalePrice: number }[]).map((p) => p.resalePrice);
      if (sort === 'resalePrice') {
        const sorted = [...values].sort((a, b) => (order === 'asc' ? a - b : b - a));
        expect(values).toEqual(sorted);
      }
    },
  );

  it('filters by condition (the total counts the filtered rows)', async () => {
    const response = await get('/api/category-products/Ferrari?condition=Fair&limit=3');
    expect(response.headers['x-total-count']).toBe('10');
    const body = response.json() as { condition: string }[];
    expect(body).toHaveLength(3);
    expect(body.every((p) => p.condition === 'Fair')).toBe(true);
    // A filter without a limit: every matching row.
    const whole = await get('/api/category-products/Ferrari?condition=Good');
    expect(whole.json()).toHaveLength(10);
  });

  it.each([
    ['limit=0', 'limit: must be an integer from 1 to 100'],
    ['limit=101', 'limit: must be an integer from 1 to 100'],
    ['limit=abc', 'limit: must be rows per page (an integer from 1 to 100)'],
    ['offset=-1', 'offset: must be rows to skip (an integer from 0 to 1000000)'],
    [
      'sort=carName',
      'sort: must be the field to sort by: createdAt, resalePrice (default createdAt)',
    ],
    [
      'order=up',
      'order: must be asc or desc (default desc); ties are broken by _id in the same direction',
    ],
    ['condition=New', 'condition: must be Excellent, Good or Fair'],
    [
      'cursor=!!',
      'cursor: must be the X-Next-Cursor of the previous page (keyset paging, fast at any depth; not with offset)',
    ],
    ['cursor=abc', 'cursor: is not a cursor this server gave'],
    ['cursor=abc&offset=3', 'cursor: cannot be combined with offset'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const response = await get(`/api/category-products/Ferrari?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses a cursor of another sort or filter', async () => {
    const first = await get('/api/category-products/Ferrari?limit=2&sort=resalePrice');
    const cursor = first.headers['x-next-cursor'] as string;
    const response = await get(`/api/category-products/Ferrari?limit=2&cursor=${cursor}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^cursor: belongs to another sort or filter/);
  });

  it('still answers 404 for an unknown category', async () => {
    const response = await get('/api/category-products/Trabant?limit=5');
    expect(response.statusCode).toBe(404);
  });
});

describe('the catalogue cache', () => {
  it('shows a write on this server at once (posting, advertising, deleting, verifying)', async () => {
    const before = await get('/api/category-products/Tesla?limit=5');
    expect(before.headers['x-total-count']).toBe('0');
    const id = await postProduct(ctx.app, seller, { categoryName: 'Tesla' });
    const after = await get('/api/category-products/Tesla?limit=5');
    expect(after.headers['x-total-count']).toBe('1');
    expect(after.json()[0].isVerify).toBe('false');

    expect((await get('/api/advertisment')).json()).toEqual([]);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/seller-products/${id}`,
      headers: seller.auth,
    });
    expect(ids((await get('/api/advertisment')).json())).toEqual([id]);

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/verify/${seller._id}`,
      headers: admin.auth,
    });
    expect((await get('/api/advertisment')).json()[0].isVerify).toBe('true');

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller-products/${id}`,
      headers: seller.auth,
    });
    expect((await get('/api/advertisment')).json()).toEqual([]);
    expect((await get('/api/category-products/Tesla?limit=5')).headers['x-total-count']).toBe('0');
  });

  it('keeps a read for at most its TTL (≤ 1 s), and not at all with TTL 0', async () => {
    let loads = 0;
    const cache = new CatalogueCache(50);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', load)).toBe(2);
    cache.invalidate();
    expect(await cache.get('k', load)).toBe(3);
    expect(new CatalogueCache(60_000).ttlMs).toBe(1000);
    const off = new CatalogueCache(0);
    expect(await off.get('k', load)).toBe(4);
    expect(await off.get('k', load)).toBe(5);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    let loads = 0;
    const cache = new CatalogueCache(1000);
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', async () => 'fine')).toBe('fine');
  });
});

describe('GET /api/users/buyers and /sellers paging', () => {
  let buyers: TestUser[];

  beforeAll(async () => {
    buyers = [];
    for (const label of ['zed', 'amy', 'Mia', 'bob']) {
      buyers.push(await registerUser(ctx.app, 'Buyer', label));
    }
  });

  it('answers every buyer, oldest account first, without parameters', async () => {
    const response = await get('/api/users/buyers', admin.auth);
    expect(response.statusCode).toBe(200);
    expect(ids(response.json())).toEqual(buyers.map((b) => b._id));
    expect(response.headers['x-total-count']).toBe('4');
  });

  it('sorts by name, pages, and filters by name or email', async () => {
    const byName = await get('/api/users/buyers?sort=name&order=desc&limit=2', admin.auth);
    expect((byName.json() as { name: string }[]).map((u) => u.name)).toEqual([
      'Buyer zed',
      'Buyer bob',
    ]);
    expect(byName.headers['x-total-count']).toBe('4');
    const second = await get('/api/users/buyers?sort=name&order=desc&limit=2&offset=2', admin.auth);
    expect((second.json() as { name: string }[]).map((u) => u.name)).toEqual([
      'Buyer amy',
      'Buyer Mia',
    ]);
    const filtered = await get('/api/users/buyers?q=MI&limit=10', admin.auth);
    expect(ids(filtered.json())).toEqual([buyers[2]._id]);
    expect(filtered.headers['x-total-count']).toBe('1');
    // % and _ are literal.
    const literal = await get('/api/users/buyers?q=%25&limit=10', admin.auth);
    expect(literal.json()).toEqual([]);
    const sellers = await get('/api/users/sellers?q=seller&sort=userVerify', admin.auth);
    expect(ids(sellers.json())).toEqual([seller._id]);
  });

  it('refuses a bad sort, a bad limit and a long q', async () => {
    for (const query of ['sort=password', 'limit=1000', `q=${'x'.repeat(101)}`]) {
      const response = await get(`/api/users/sellers?${query}`, admin.auth);
      expect(response.statusCode).toBe(400);
    }
  });

  it('stays admin only', async () => {
    expect((await get('/api/users/buyers?limit=1')).statusCode).toBe(401);
    expect((await get('/api/users/buyers?limit=1', seller.auth)).statusCode).toBe(403);
  });

  it('never lists users of another role', async () => {
    const rows = await ctx.database.db.select({ role: users.userRole }).from(users);
    const answered = await get('/api/users/sellers?limit=100', admin.auth);
    expect(answered.json()).toHaveLength(rows.filter((r) => r.role === 'Seller').length);
  });
});

describe('product_counts (the totals kept by triggers)', () => {
  async function counts(query: ReturnType<typeof sql>) {
    const result = (await ctx.database.db.execute(query)) as unknown as {
      rows: { category_name: string; condition: string; n: number }[];
    };
    return Object.fromEntries(
      result.rows
        .filter((r) => Number(r.n) !== 0)
        .map((r) => [`${r.category_name}/${r.condition}`, Number(r.n)]),
    );
  }
  const kept = () => counts(sql`select category_name, condition, n from product_counts`);
  const actual = () =>
    counts(sql`select category_name, condition, count(*) as n from products group by 1, 2`);

  it('follow inserts, updates and deletes of every kind', async () => {
    expect(await kept()).toEqual(await actual());
    const other = await registerUser(ctx.app, 'Seller', 'counted');
    await postProduct(ctx.app, other, { categoryName: 'BMW', condition: 'Fair' });
    await postProduct(ctx.app, other, { categoryName: 'BMW', condition: 'Good' });
    expect(await kept()).toEqual(await actual());
    await ctx.database.db.execute(
      sql`update products set condition = 'Excellent', category_name = 'Tesla' where email = ${other.email}`,
    );
    expect(await kept()).toEqual(await actual());
    // Deleting the seller deletes their products.
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${other._id}`,
      headers: admin.auth,
    });
    expect(gone.statusCode).toBe(200);
    expect(await kept()).toEqual(await actual());
    const total = await get('/api/category-products/Ferrari?limit=1');
    expect(total.headers['x-total-count']).toBe('30');
  });
});

describe('compressed catalogue answers', () => {
  const url = '/api/category-products/Ferrari?limit=24';
  const fetchWith = (encoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('go as Brotli to a browser, and decode to the same answer as the plain one', async () => {
    const plain = await fetchWith();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const browser = await fetchWith('gzip, deflate, br, zstd');
    expect(browser.statusCode).toBe(200);
    expect(browser.headers['content-encoding']).toBe('br');
    expect(browser.headers.vary).toMatch(/accept-encoding/i);
    expect(browser.headers['content-type']).toMatch(/^application\/json/);
    expect(browser.headers['x-total-count']).toBe('30');
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString())).toEqual(plain.json());
  });

  it('go as gzip when Brotli is not accepted, and plain when nothing is', async () => {
    const gzipped = await fetchWith('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await fetchWith();
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const refused = await fetchWith('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(plain.json());
    const unknown = await fetchWith('compress');
    expect(unknown.headers['content-encoding']).toBeUndefined();
  });

  it('leave a short answer plain', async () => {
    const categories = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'accept-encoding': 'br' },
    });
    expect(categories.statusCode).toBe(200);
    expect(categories.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(categories.headers['content-encoding']).toBeUndefined();
  });

  it('stay fresh after a write: the compressed form is made again', async () => {
    const before = await fetchWith('br');
    await ctx.database.db.execute(
      sql`update products set car_name = 'Ferrari renamed' where id = 'paging-29'`,
    );
    ctx.app.catalogueCache.invalidate();
    const after = await fetchWith('br');
    const names = (raw: Buffer) =>
      (JSON.parse(brotliDecompressSync(raw).toString()) as { carName: string }[]).map(
        (p) => p.carName,
      );
    expect(names(before.rawPayload)[0]).toBe('Ferrari 29');
    expect(names(after.rawPayload)[0]).toBe('Ferrari renamed');
  });
});
