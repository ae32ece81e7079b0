/** Paging, sorting and filtering of the admin's lists of buyers and sellers. */
import { users } from '../platform/db/schema';
import { registerUser, type TestContext, type TestUser } from '../../test/helper';
import { getFrom, ids, openPagingTest } from '../../test/paging-fixture';

let ctx: TestContext, admin: TestUser, seller: TestUser;
beforeAll(async () => ({ ctx, admin, seller } = await openPagingTest()));
afterAll(() => ctx?.close());

const get = (url: string, auth?: { authorization: string }) => getFrom(ctx, url, auth);

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
