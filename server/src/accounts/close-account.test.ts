/**
 * 'Delete my account' (`DELETE /api/me`): refused without the typed confirmation, without a
 * recent sign-in, with open bookings (named, with links), for a suspended account and for an
 * admin; otherwise deleted as an admin's delete does, the waiting mail dropped and a last mail
 * enqueued; two deletes at once are one deletion; a live stream ends.
 */
import { sql } from 'drizzle-orm';
import { ACCOUNT_SUSPENDED, DELETED_ACCOUNT } from '../platform/caller/access';
import { OPEN_BOOKINGS, SIGN_IN_AGAIN } from './account-closing';
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const CONFIRM = { confirm: 'delete my account' };

describe(`closing one's own account (${databaseKind})`, () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await registerUser(ctx.app, 'Admin');
  });
  afterAll(() => ctx.close());

  const closeAccount = (auth: { authorization: string }, payload: unknown = CONFIRM) =>
    ctx.app.inject({ method: 'DELETE', url: '/api/me', headers: auth, payload: payload as object });

  const move = async (user: TestUser, id: string, status: string) => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: user.auth,
      payload: { status },
    });
    expect(response.statusCode).toBe(200);
  };

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await ctx.database.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }

  const outboxTo = (email: string) =>
    rows<{ subject: string | null; kind: string | null; sent: boolean }>(
      sql`select subject, kind, sent_at is not null as sent from outbox where to_email = ${email}`,
    );

  it('asks for the typed words (400 naming them) and changes nothing', async () => {
    const person = await registerUser(ctx.app, 'Buyer', 'unconfirmed');
    for (const payload of [{ confirm: 'yes' }, {}, { confirm: 12 }]) {
      const response = await closeAccount(person.auth, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/confirm/);
    }
    expect((await getAs(ctx.app, person, '/api/notifications')).statusCode).toBe(200);
  });

  it('asks for a sign-in within the last 5 minutes (403), whatever the token', async () => {
    const person = await registerUser(ctx.app, 'Buyer', 'stale');
    const stale = (authTime?: number) => ({
      authorization: `bearer ${ctx.app.signAccessToken({ email: person.email, uid: person.uid, authTime })}`,
    });
    for (const auth of [stale(Date.now() - 6 * 60 * 1000), stale(undefined)]) {
      const response = await closeAccount(auth);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SIGN_IN_AGAIN);
    }
    expect((await getAs(ctx.app, person, '/api/notifications')).statusCode).toBe(200);
  });

  it('refuses while a booking is open, as buyer or seller, naming each with its link (409)', async () => {
    const [seller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'open-seller'),
      registerUser(ctx.app, 'Buyer', 'open-buyer'),
    ]);
    const car = await postProduct(ctx.app, seller, { carName: 'Booked Civic' });
    const id = await placeOrder(ctx.app, buyer, car);
    await move(seller, id, 'accepted');
    for (const [user, role] of [
      [buyer, 'buyer'],
      [seller, 'seller'],
    ] as const) {
      const response = await closeAccount(user.auth);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: OPEN_BOOKINGS,
        bookings: [
          {
            _id: id,
            productName: 'Booked Civic',
            status: 'accepted',
            role,
            link: `/dashboad/orders/${id}`,
          },
        ],
      });
    }
    expect((await getAs(ctx.app, buyer, `/api/orders/${id}`)).json().status).toBe('accepted');
  });

  it("refuses a suspended account with 403 'Account suspended'", async () => {
    const person = await registerUser(ctx.app, 'Seller', 'suspended');
    const suspended = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/users/${person._id}/suspend`,
      headers: admin.auth,
      payload: { reason: 'Scam listings' },
    });
    expect(suspended.statusCode).toBe(200);
    const response = await closeAccount(person.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCOUNT_SUSPENDED);
    expect(await ctx.app.repos.users.findById(person._id)).not.toBeNull();
  });

  it('refuses an admin (403)', async () => {
    const response = await closeAccount(admin.auth);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/admin/);
  });

  it("deletes it as an admin's delete does: the other party keeps the past booking and the review, from 'Deleted user'", async () => {
    const [seller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'kept-seller'),
      registerUser(ctx.app, 'Buyer', 'leaving-buyer'),
    ]);
    const car = await postProduct(ctx.app, seller, { carName: 'Sold Corolla' });
    const id = await placeOrder(ctx.app, buyer, car);
    expect((await sendMessage(ctx.app, buyer, id, 'Can I see it Friday?')).statusCode).toBe(201);
    await move(seller, id, 'accepted');
    await move(seller, id, 'sold');
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/review`,
      headers: buyer.auth,
      payload: { rating: 5, text: 'Honest seller, the car was as described.' },
    });
    expect(review.statusCode).toBe(201);
    // A mail waits for the buyer (the seller's message), and will not be sent.
    expect((await sendMessage(ctx.app, seller, id, 'See you then')).statusCode).toBe(201);
    expect((await outboxTo(buyer.email)).some((mail) => !mail.sent)).toBe(true);

    const response = await closeAccount(buyer.auth);
    expect(response.statusCode).toBe(204);

    const booking = (await getAs(ctx.app, seller, `/api/orders/${id}`)).json();
    expect(booking).toMatchObject({ status: 'sold', buyerName: 'Deleted user', buyerEmail: '' });
    const thread = (await getAs(ctx.app, seller, `/api/orders/${id}/messages`)).json() as {
      senderName: string;
      text: string;
    }[];
    expect(thread[0]).toMatchObject({ senderName: 'Deleted user', text: 'Can I see it Friday?' });
    const reviews = (await getAs(ctx.app, seller, `/api/sellers/${seller._id}/reviews`)).json();
    expect(JSON.stringify(reviews)).toContain('Deleted user');
    expect(JSON.stringify(reviews)).not.toContain(buyer.name);

    // Gone: the record, the sign-in account, every token; only the last mail waits for it.
    const stale = await getAs(ctx.app, buyer, '/api/notifications');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(DELETED_ACCOUNT);
    await expect(ctx.app.signIn.getUser(buyer.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect(await outboxTo(buyer.email)).toEqual([
      { subject: 'Your CarDealer account is deleted', kind: null, sent: false },
    ]);
  });

  it("deletes a seller's cars with the account", async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'leaving-seller');
    const car = await postProduct(ctx.app, seller);
    expect((await closeAccount(seller.auth)).statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `/api/products/${car}` })).statusCode).toBe(404);
  });

  it('of two deletes at once, one deletes (204), the other is told the account is gone; one last mail', async () => {
    const person = await registerUser(ctx.app, 'Buyer', 'twice');
    const answers = await Promise.all([closeAccount(person.auth), closeAccount(person.auth)]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([204, 401]);
    expect(answers.find((answer) => answer.statusCode === 401)?.json().message).toBe(
      DELETED_ACCOUNT,
    );
    expect(await outboxTo(person.email)).toHaveLength(1);
  });

  it("ends the account's live event streams", async () => {
    const person = await registerUser(ctx.app, 'Buyer', 'streaming');
    const ended = new Promise<string>((resolve) => {
      ctx.app.events.onAccountDeleted({ userId: person._id, uid: person.uid }, resolve);
    });
    expect((await closeAccount(person.auth)).statusCode).toBe(204);
    await expect(ended).resolves.toBe('deleted');
  });
});
