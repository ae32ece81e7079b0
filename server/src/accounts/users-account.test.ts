/**
 * The account routes: `PUT /api/users` (create or update one's own account) and the role
 * lookups `GET /api/users/{role}/{email}`.
 */
import {
  databaseKind,
  registerUser,
  signUp,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { openUsersTest, type UsersTest } from '../../test/users-fixture';

describe(`users (${databaseKind})`, () => {
  let ctx: TestContext, admin: TestUser, seller: TestUser, buyer: TestUser, put: UsersTest['put'];
  beforeAll(async () => ({ ctx, admin, seller, buyer, put } = await openUsersTest()));
  afterAll(() => ctx.close());

  describe('PUT /api/users', () => {
    it('creates the account with a Firebase ID token, answering like an upsert', async () => {
      const email = uniqueEmail('Fresh.Seller');
      const idToken = await signUp(email);
      const response = await put(`Bearer ${idToken}`, {
        name: '  Fresh Seller ',
        email: `  ${email.toUpperCase()} `,
        userRole: 'Seller',
        userImg: 'https://i.ibb.co/abc/photo.png',
        userVerify: 'true',
        somethingElse: 'ignored',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
        upsertedId: expect.stringMatching(/^[0-9a-f]{24}$/),
      });
      const stored = await ctx.app.repos.users.findByEmail(email);
      expect(stored).toEqual({
        _id: body.upsertedId,
        name: 'Fresh Seller',
        email: email.toLowerCase(),
        userRole: 'Seller',
        userImg: 'https://i.ibb.co/abc/photo.png',
        userVerify: 'false',
      });
    });

    it('updates name and photo of an existing account but never its role or verification', async () => {
      const response = await put(seller.auth.authorization, {
        name: 'Renamed Seller',
        email: seller.email,
        userRole: 'Buyer',
        userImg: null,
        userVerify: 'true',
      });
      expect(response.json()).toEqual({
        acknowledged: true,
        matchedCount: 1,
        modifiedCount: 1,
        upsertedCount: 0,
        upsertedId: null,
      });
      const stored = await ctx.app.repos.users.findByEmail(seller.email);
      expect(stored).toMatchObject({
        name: 'Renamed Seller',
        userRole: 'Seller',
        userImg: '',
        userVerify: 'false',
      });
      const again = await put(seller.auth.authorization, {
        name: 'Renamed Seller',
        email: seller.email,
        userRole: 'Seller',
        userImg: '',
      });
      expect(again.json()).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    });

    it('keeps an admin an admin when they sign in with Google (role Buyer)', async () => {
      const response = await put(`Bearer ${admin.idToken}`, {
        name: admin.name,
        email: admin.email,
        userRole: 'Buyer',
      });
      expect(response.statusCode).toBe(200);
      expect((await ctx.app.repos.users.findByEmail(admin.email))?.userRole).toBe('Admin');
    });

    it('refuses the role Admin with 400', async () => {
      const email = uniqueEmail('wannabe');
      const idToken = await signUp(email);
      const response = await put(`Bearer ${idToken}`, { name: 'W', email, userRole: 'Admin' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'userRole: must be Seller or Buyer (used only when the account is new)',
      });
      expect(await ctx.app.repos.users.findByEmail(email)).toBeNull();
    });

    it("refuses another person's email with 403", async () => {
      const response = await put(buyer.auth.authorization, {
        name: 'Mallory',
        email: seller.email,
        userRole: 'Buyer',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'email: you may only create or update your own account',
      });
    });

    it('answers 401 without a token and 400 naming a bad field', async () => {
      const anonymous = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users',
        payload: { name: 'x', email: 'x@y.z', userRole: 'Buyer' },
      });
      expect(anonymous.statusCode).toBe(401);
      const cases: [object, string][] = [
        [{ email: buyer.email, userRole: 'Buyer' }, 'name: is required'],
        [{ name: '   ', email: buyer.email, userRole: 'Buyer' }, 'name: must not be blank'],
        [
          { name: 'x'.repeat(101), email: buyer.email, userRole: 'Buyer' },
          'name: must NOT have more than 100 characters',
        ],
        [
          { name: 'B', email: buyer.email, userRole: 'Buyer', userImg: 'javascript:alert(1)' },
          'userImg: must be an http(s) URL, a path on this origin, empty or null (the photo)',
        ],
        [{ name: 7, email: buyer.email, userRole: 'Buyer' }, 'name: must be string'],
      ];
      for (const [payload, message] of cases) {
        const response = await put(buyer.auth.authorization, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message });
      }
    });
  });

  describe('role lookups', () => {
    it.each([
      ['admin', 'Admin', { admin: true }],
      ['seller', 'Seller', { seller: true }],
      ['buyer', 'Buyer', { buyer: true }],
    ] as const)(
      'GET /api/users/%s/{own email} answers true for a %s',
      async (path, role, expected) => {
        const user = { Admin: admin, Seller: seller, Buyer: buyer }[role];
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/users/${path}/${user.email.toUpperCase()}`,
          headers: user.auth,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(expected);
      },
    );

    it('finds an email with + and / in it when the path parameter is encoded', async () => {
      const unusual = await registerUser(ctx.app, 'Buyer', 'plus+tag/slash');
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/buyer/${encodeURIComponent(unusual.email)}`,
        headers: unusual.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ buyer: true });
    });

    it('answers false for the other roles', async () => {
      for (const path of ['admin', 'seller']) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/users/${path}/${buyer.email}`,
          headers: buyer.auth,
        });
        expect(response.json()).toEqual({ [path]: false });
      }
    });

    it('lets an admin ask about anyone, and nobody else', async () => {
      const byAdmin = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/seller/${seller.email}`,
        headers: admin.auth,
      });
      expect(byAdmin.json()).toEqual({ seller: true });
      const byBuyer = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/seller/${seller.email}`,
        headers: buyer.auth,
      });
      expect(byBuyer.statusCode).toBe(403);
      expect(byBuyer.json()).toEqual({ message: 'email: you may only look up your own roles' });
    });
  });
});
