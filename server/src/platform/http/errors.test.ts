import { buildApp } from '../../app';
import type { Db } from '../db/client';
import {
  buildTestApp,
  databaseKind,
  registerUser,
  tableHashes,
  type TestContext,
  type TestUser,
} from '../../../test/helper';

describe(`error answers (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [seller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller'),
      registerUser(ctx.app, 'Buyer'),
    ]);
  });
  afterAll(() => ctx.close());

  it('answers malformed JSON with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: { ...seller.auth, 'content-type': 'application/json' },
      payload: '{"carName": "Tesla",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'body: is not valid JSON' });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...buyer.auth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^body: /);
  });

  it('answers wrong types with 400 naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: { buyerName: 'B', phone: '5551234567', meetLocation: { city: 'X' }, productID: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'meetLocation: must be string' });
  });

  it('answers a repeated query parameter with 400', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${buyer.email}&email=${seller.email}`,
      headers: buyer.auth,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^email: /);
  });

  it('answers a missing or malformed authorization with 401', async () => {
    for (const headers of [
      {},
      { authorization: 'bearer' },
      { authorization: 'Basic dXNlcjpwYXNz' },
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/users/buyers', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'authorization: a bearer access token is required',
      });
    }
  });

  it('answers a role mismatch with 403', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/buyers',
      headers: buyer.auth,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Only an admin may do this' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/advertisement' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such call: GET /api/advertisement' });
  });

  it('answers a body over 64 KB with 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      headers: { ...seller.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ productDescription: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'body: is larger than 64 KB' });
  });

  it.each([
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
  ])('answers a %s body with 415', async (type) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...buyer.auth, 'content-type': type },
      payload: 'buyerName=B',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: `content-type: ${type} is not accepted here; send application/json`,
    });
  });

  it('answers a badly encoded path with 400, never 500', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/category-products/%E0%A4%A',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers an unexpected failure with 500 and a request id, without internals', async () => {
    const broken = await buildApp({ db: {} as unknown as Db });
    const response = await broken.inject({ method: 'GET', url: '/api/advertisment' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      message: 'Something went wrong on our side',
      requestId: expect.any(String),
    });
    expect(response.body).not.toMatch(/TypeError|at |\.ts/);
    // Unique across processes: a second app (another replica) never repeats an id.
    const other = await buildApp({ db: {} as unknown as Db });
    const ids = new Set<string>();
    for (const app of [broken, other, broken, other]) {
      const answer = await app.inject({ method: 'GET', url: '/api/advertisment' });
      ids.add((answer.json() as { requestId: string }).requestId);
    }
    expect(ids.size).toBe(4);
    expect([...ids][0]).toMatch(/^[0-9a-f-]{36}$/);
    await other.close();
    await broken.close();
  });

  it('answers 503 while the sign-in provider is unreachable, changing nothing', async () => {
    const unreachable = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED'), { code: 'app/network-error' }),
      );
    const down = await buildTestApp({
      signIn: {
        verifyIdToken: unreachable,
        getUser: unreachable,
        getUserByEmail: unreachable,
        getUserByProviderUid: unreachable,
        deleteUser: unreachable,
        generatePasswordResetLink: unreachable,
        generateEmailVerificationLink: unreachable,
        revokeRefreshTokens: unreachable,
        updateUser: unreachable,
      },
    });
    try {
      const { repos } = down.app;
      await repos.users.upsert({
        email: 'root@test.cardealer.dev',
        name: 'Root',
        userImg: '',
        userRole: 'Buyer',
      });
      await repos.users.setRole('root@test.cardealer.dev', 'Admin');
      const victim = await repos.users.upsert({
        email: 'victim@test.cardealer.dev',
        name: 'V',
        userImg: '',
        userRole: 'Buyer',
      });
      const before = await tableHashes(down.database.db);
      const deletion = await down.app.inject({
        method: 'DELETE',
        url: `/api/user/${victim.upsertedId}`,
        headers: {
          authorization: `bearer ${down.app.signAccessToken({ email: 'root@test.cardealer.dev', uid: 'root-uid' })}`,
        },
      });
      expect(deletion.statusCode).toBe(503);
      expect(deletion.json()).toEqual({
        message: 'A service we depend on is unavailable; try again shortly',
      });
      expect(await tableHashes(down.database.db)).toEqual(before);
      const token = await down.app.inject({
        method: 'GET',
        url: '/api/jwt?email=root@test.cardealer.dev',
        headers: { authorization: 'Bearer some.id.token' },
      });
      expect(token.statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });
});
