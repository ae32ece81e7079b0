/**
 * An account is its id, never its e-mail: after an admin deletes an account, its old access
 * token is refused, a newcomer who signs up again with the freed e-mail starts empty (no
 * bookings, conversations or notifications of the old owner, and no writing in them), and the
 * other party keeps the booking, with the deleted party shown as 'Deleted user'.
 */
import { ANOTHER_ACCOUNT, DELETED_ACCOUNT } from '../platform/caller/access';
import {
  accessTokenFor,
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`deleted and re-registered accounts (${databaseKind})`, () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await registerUser(ctx.app, 'Admin');
  });
  afterAll(() => ctx.close());

  const get = (user: { auth: { authorization: string } }, url: string) => getAs(ctx.app, user, url);
  const say = (user: { auth: { authorization: string } }, id: string, text: string) =>
    sendMessage(ctx.app, user, id, text);

  /** A booking of `buyer` on a car of `seller`, with a message each way. */
  async function bookingBetween(buyer: TestUser, seller: TestUser): Promise<string> {
    const car = await postProduct(ctx.app, seller, { carName: 'Tesla Model 3' });
    const id = await placeOrder(ctx.app, buyer, car);
    expect((await say(buyer, id, 'Is it still available?')).statusCode).toBe(201);
    expect((await say(seller, id, 'Yes, come and see it')).statusCode).toBe(201);
    return id;
  }

  async function deleteAccount(user: TestUser): Promise<void> {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${user._id}`,
      headers: admin.auth,
    });
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  }

  /** Someone else signs up with the freed e-mail and registers (`PUT /users`, then `/jwt`). */
  async function newcomerWith(email: string, role: 'Buyer' | 'Seller') {
    const idToken = await signUp(email);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: 'Newcomer', email, userRole: role },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ upsertedCount: 1 });
    const accessToken = await accessTokenFor(ctx.app, email, idToken);
    return { email, auth: { authorization: `bearer ${accessToken}` } };
  }

  it("refuses a deleted buyer's old access token: no bookings read, no messages posted", async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'deleted-buyer');
    const seller = await registerUser(ctx.app, 'Seller', 'kept-seller');
    const id = await bookingBetween(buyer, seller);
    await deleteAccount(buyer);

    const orders = await get(buyer, `/api/orders?email=${encodeURIComponent(buyer.email)}`);
    expect(orders.statusCode).toBe(401);
    expect(orders.json()).toEqual({ message: DELETED_ACCOUNT });
    const posted = await say(buyer, id, 'Still there?');
    expect(posted.statusCode).toBe(401);
    expect(posted.json()).toEqual({ message: DELETED_ACCOUNT });
    // The seller heard nothing of it.
    const thread = await get(seller, `/api/orders/${id}/messages`);
    expect((thread.json() as { text: string }[]).map((m) => m.text)).toEqual([
      'Is it still available?',
      'Yes, come and see it',
    ]);
  });

  it("gives a newcomer with a deleted buyer's e-mail nothing of theirs", async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'freed-buyer');
    const seller = await registerUser(ctx.app, 'Seller', 'told-seller');
    const id = await bookingBetween(buyer, seller);
    // The buyer had a notification (the seller's message).
    expect((await get(buyer, '/api/notifications')).json().items).toHaveLength(1);
    await deleteAccount(buyer);

    const newcomer = await newcomerWith(buyer.email, 'Buyer');
    const orders = await get(newcomer, `/api/orders?email=${encodeURIComponent(buyer.email)}`);
    expect(orders.statusCode).toBe(200);
    expect(orders.json()).toEqual([]);
    expect((await get(newcomer, '/api/notifications')).json()).toEqual({ items: [], unread: 0 });
    for (const url of [`/api/orders/${id}`, `/api/orders/${id}/messages`]) {
      const response = await get(newcomer, url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
    const posted = await say(newcomer, id, 'It is me again');
    expect(posted.statusCode).toBe(404);
    // The old owner's token is not the newcomer's either.
    const stale = await get(buyer, '/api/notifications');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/^authorization: /);
  });

  it.each(['Buyer', 'Seller'] as const)(
    "gives a newcomer with a deleted seller's e-mail nothing of theirs (registered as a %s)",
    async (role) => {
      const seller = await registerUser(ctx.app, 'Seller', 'freed-seller');
      const buyer = await registerUser(ctx.app, 'Buyer', 'told-buyer');
      const id = await bookingBetween(buyer, seller);
      expect((await get(seller, '/api/notifications')).json().items.length).toBeGreaterThan(0);
      await deleteAccount(seller);

      const newcomer = await newcomerWith(seller.email, role);
      expect((await get(newcomer, '/api/notifications')).json()).toEqual({
        items: [],
        unread: 0,
      });
      for (const url of [`/api/orders/${id}`, `/api/orders/${id}/messages`]) {
        const response = await get(newcomer, url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      }
      expect((await say(newcomer, id, 'It is me again')).statusCode).toBe(404);
      const move = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/${id}`,
        headers: newcomer.auth,
        payload: { status: 'accepted' },
      });
      expect(move.statusCode).toBe(404);
      const sellerOrders = await get(newcomer, '/api/seller-orders');
      if (role === 'Seller') {
        expect(sellerOrders.statusCode).toBe(200);
        expect(sellerOrders.json()).toEqual([]);
      } else {
        expect(sellerOrders.statusCode).toBe(403);
      }
    },
  );

  it("keeps the booking for the seller, the deleted buyer shown as 'Deleted user'", async () => {
    const buyer = await registerUser(ctx.app, 'Buyer', 'gone-buyer');
    const seller = await registerUser(ctx.app, 'Seller', 'staying-seller');
    const id = await bookingBetween(buyer, seller);
    const before = (await get(seller, `/api/orders/${id}`)).json();
    await deleteAccount(buyer);

    const booking = await get(seller, `/api/orders/${id}`);
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toEqual({
      ...before,
      buyerName: 'Deleted user',
      buyerEmail: '',
      phone: '',
      meetLocation: '',
      status: 'cancelled',
      history: [...before.history, { status: 'cancelled', at: expect.any(String) }],
    });
    const thread = (await get(seller, `/api/orders/${id}/messages`)).json();
    expect(thread.map((m: { senderName: string; senderEmail: string }) => m.senderName)).toEqual([
      'Deleted user',
      seller.name,
    ]);
    expect(thread[0].senderEmail).toBe('');
    // The seller's own list has it too.
    const listed = (await get(seller, '/api/seller-orders')).json();
    expect(listed.map((o: { _id: string }) => o._id)).toContain(id);
  });

  it("keeps the booking for the buyer, the deleted seller shown as 'Deleted user'", async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'gone-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'staying-buyer');
    const id = await bookingBetween(buyer, seller);
    const before = (await get(buyer, `/api/orders/${id}`)).json();
    await deleteAccount(seller);

    const booking = await get(buyer, `/api/orders/${id}`);
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toEqual({
      ...before,
      sellerName: 'Deleted user',
      sellerEmail: '',
      // No seller page any more.
      sellerId: null,
      status: 'declined',
      reason: 'The car was removed',
      history: [...before.history, { status: 'declined', at: expect.any(String) }],
    });
    const thread = (await get(buyer, `/api/orders/${id}/messages`)).json();
    expect(thread.map((m: { senderName: string }) => m.senderName)).toEqual([
      buyer.name,
      'Deleted user',
    ]);
    const mine = (await get(buyer, `/api/orders?email=${encodeURIComponent(buyer.email)}`)).json();
    expect(mine.map((o: { _id: string }) => o._id)).toEqual([id]);
  });

  it("refuses a token of a sign-in account whose e-mail's record is another account's", async () => {
    // The record was made for one sign-in account; a token of another (the e-mail registered
    // again in the provider, the record kept) is not its owner.
    const buyer = await registerUser(ctx.app, 'Buyer', 'taken-over');
    const forged = ctx.app.signAccessToken({ email: buyer.email, uid: 'another-sign-in-account' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(buyer.email)}`,
      headers: { authorization: `bearer ${forged}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: ANOTHER_ACCOUNT });
  });

  it('lets a signed-in account without a record yet go on as before (PUT /users, /jwt)', async () => {
    const email = `no-record-${Date.now()}@test.cardealer.dev`;
    const idToken = await signUp(email);
    const accessToken = await accessTokenFor(ctx.app, email, idToken);
    const auth = { authorization: `bearer ${accessToken}` };
    const orders = await get({ auth }, `/api/orders?email=${encodeURIComponent(email)}`);
    expect(orders.statusCode).toBe(200);
    expect(orders.json()).toEqual([]);
    expect((await get({ auth }, '/api/notifications')).json()).toEqual({ items: [], unread: 0 });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: auth,
      payload: { name: 'Late', email, userRole: 'Buyer' },
    });
    expect(put.statusCode).toBe(200);
  });
});
