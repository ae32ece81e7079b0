/**
 * Writes reach the catalogue: the catalogue cache shows them at once (and keeps a read for at
 * most its TTL), and the totals the triggers keep (product_counts) follow them.
 */
import { sql } from 'drizzle-orm';
import { CatalogueCache } from '../platform/cache/catalogue-cache';
import { postProduct, registerUser, type TestContext, type TestUser } from '../../test/helper';
import { getFrom, ids, openPagingTest } from '../../test/paging-fixture';

let ctx: TestContext, admin: TestUser, seller: TestUser;
beforeAll(async () => ({ ctx, admin, seller } = await openPagingTest()));
afterAll(() => ctx?.close());

const get = (url: string) => getFrom(ctx, url);

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
