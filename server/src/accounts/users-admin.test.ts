/**
 * What an admin does with users: the lists of buyers and sellers, verifying a seller
 * (`PUT /api/users/verify/{id}`) and deleting an account (`DELETE /api/user/{id}`).
 */
import { DELETED_ACCOUNT } from '../platform/caller/access';
import {
  databaseKind,
  emulatorHost,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { openUsersTest, type UsersTest } from '../../test/users-fixture';

const USER_KEYS = ['_id', 'email', 'name', 'userImg', 'userRole', 'userVerify'];

describe(`users (${databaseKind})`, () => {
  let ctx: TestContext, admin: TestUser, seller: TestUser, buyer: TestUser, put: UsersTest['put'];
  beforeAll(async () => ({ ctx, admin, seller, buyer, put } = await openUsersTest()));
  afterAll(() => ctx.close());

  describe('admin lists', () => {
    it('GET /api/users/buyers and /sellers answer arrays of users with the spec fields', async () => {
      for (const [path, member, role] of [
        ['buyers', buyer, 'Buyer'],
        ['sellers', seller, 'Seller'],
      ] as const) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/users/${path}`,
          headers: admin.auth,
        });
        expect(response.statusCode).toBe(200);
        const list = response.json();
        expect(list.every((u: { userRole: string }) => u.userRole === role)).toBe(true);
        const found = list.find((u: { email: string }) => u.email === member.email);
        expect(Object.keys(found).sort()).toEqual(USER_KEYS);
        expect(found).toMatchObject({ _id: member._id, userVerify: 'false' });
        // The admin is in neither list.
        expect(list.some((u: { email: string }) => u.email === admin.email)).toBe(false);
      }
    });
  });

  describe('PUT /api/users/verify/{id}', () => {
    it("verifies a seller; the tick turns true on the seller's products, past and future", async () => {
      const target = await registerUser(ctx.app, 'Seller', 'to-verify');
      const before = await postProduct(ctx.app, target);
      expect((await ctx.app.repos.products.findById(before))?.isVerify).toBe('false');
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/verify/${target._id}`,
        headers: admin.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      const after = await postProduct(ctx.app, target);
      const listed = await ctx.app.inject({
        method: 'GET',
        url: `/api/seller-products/${target.email}`,
        headers: target.auth,
      });
      expect(listed.json().map((p: { isVerify: string }) => p.isVerify)).toEqual(['true', 'true']);
      expect(
        listed
          .json()
          .map((p: { _id: string }) => p._id)
          .sort(),
      ).toEqual([before, after].sort());
      const sellers = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/sellers',
        headers: admin.auth,
      });
      expect(sellers.json().find((u: { _id: string }) => u._id === target._id).userVerify).toBe(
        'true',
      );
      const again = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/verify/${target._id}`,
        headers: admin.auth,
      });
      expect(again.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    });

    it('answers 404 for an unknown id, 400 for a buyer or a malformed id', async () => {
      const unknown = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/verify/0123456789abcdef01234567',
        headers: admin.auth,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'id: no such user' });
      const ofBuyer = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/verify/${buyer._id}`,
        headers: admin.auth,
      });
      expect(ofBuyer.statusCode).toBe(400);
      expect(ofBuyer.json()).toEqual({ message: 'id: only a seller can be verified' });
      const malformed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/verify/a%20b',
        headers: admin.auth,
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toMatch(/^id: /);
    });
  });

  describe('DELETE /api/user/{id}', () => {
    async function accountExists(email: string): Promise<boolean> {
      return ctx.app.signIn.getUserByEmail(email).then(
        () => true,
        () => false,
      );
    }

    it('deletes a seller with their products and sign-in account; bookings on them stay, declined', async () => {
      const doomed = await registerUser(ctx.app, 'Seller', 'doomed-seller');
      const keptBuyer = await registerUser(ctx.app, 'Buyer', 'kept-buyer');
      const product = await postProduct(ctx.app, doomed);
      const otherProduct = await postProduct(ctx.app, seller);
      const declinedOrder = await placeOrder(ctx.app, keptBuyer, product);
      const keptOrder = await placeOrder(ctx.app, keptBuyer, otherProduct);
      expect(await accountExists(doomed.email)).toBe(true);

      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/user/${doomed._id}`,
        headers: admin.auth,
      });
      expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(response.statusCode).toBe(200);

      expect(await ctx.app.repos.users.findById(doomed._id)).toBeNull();
      expect(await ctx.app.repos.products.findById(product)).toBeNull();
      expect(await ctx.app.repos.products.findById(otherProduct)).not.toBeNull();
      // History is never deleted: the booking of the removed car stays, declined with a reason.
      const orders = await ctx.app.repos.orders.listByBuyer(keptBuyer._id);
      expect(orders.map((o) => [o._id, o.status, o.reason])).toEqual([
        [keptOrder, 'requested', undefined],
        [declinedOrder, 'declined', 'The car was removed'],
      ]);
      expect(await accountExists(doomed.email)).toBe(false);

      // Their old access token is of a deleted account: refused.
      const stale = await ctx.app.inject({
        method: 'POST',
        url: '/api/category',
        headers: doomed.auth,
        payload: {},
      });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ message: DELETED_ACCOUNT });
      // And it cannot bring the account back.
      const revived = await put(doomed.auth.authorization, {
        name: 'Back',
        email: doomed.email,
        userRole: 'Seller',
      });
      expect(revived.statusCode).toBe(401);
      expect(await ctx.app.repos.users.findByEmail(doomed.email)).toBeNull();
    });

    it('deletes a buyer, cancelling their open bookings; a user without a sign-in account is fine', async () => {
      const doomed = await registerUser(ctx.app, 'Buyer', 'doomed-buyer');
      const product = await postProduct(ctx.app, seller);
      const booking = await placeOrder(ctx.app, doomed, product);
      // Remove the sign-in account first: deletion ignores user-not-found.
      await fetch(
        `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:delete?key=any`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idToken: doomed.idToken }),
        },
      );
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/user/${doomed._id}`,
        headers: admin.auth,
      });
      expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      const kept = await ctx.app.repos.orders.findById(booking);
      expect(kept?.status).toBe('cancelled');
      // The seller is told.
      const told = await ctx.app.repos.notifications.of(seller._id);
      expect(told.items[0]).toMatchObject({
        kind: 'status',
        text: expect.stringMatching(/cancelled the booking/),
      });
    });

    it('answers 404 for an unknown id and 403 for an admin', async () => {
      const unknown = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/user/0123456789abcdef01234567',
        headers: admin.auth,
      });
      expect(unknown.statusCode).toBe(404);
      const self = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/user/${admin._id}`,
        headers: admin.auth,
      });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toEqual({ message: 'id: an admin cannot be deleted' });
    });
  });
});
