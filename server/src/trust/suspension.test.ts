/**
 * Suspending an account (`POST /api/admin/users/{id}/suspend`) and lifting it (`…/unsuspend`):
 * the refusals, what a suspended seller's and buyer's counterparts see, what comes back after,
 * the audit log, and the suspended account's tokens refused everywhere.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_SUSPENDED } from '../platform/caller/access';
import { newId } from '../platform/db/ids';
import { moderationActions, products, reports, users } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import {
  ADMIN_NOT_SUSPENDED,
  ALREADY_SUSPENDED,
  BUYER_SUSPENDED,
  NOT_SUSPENDED,
  SELLER_SUSPENDED,
} from './suspension';

function act(app: FastifyInstance, by: TestUser, id: string, what: string, reason: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/users/${id}/${what}`,
    headers: by.auth,
    payload: { reason },
  });
}

describe(`suspending accounts (${databaseKind})`, () => {
  let ctx: TestContext, app: FastifyInstance, admin: TestUser, otherAdmin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    app = ctx.app;
    [admin, otherAdmin] = await Promise.all([
      registerUser(app, 'Admin'),
      registerUser(app, 'Admin', 'other-admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const hiddenOf = async (id: string) =>
    (
      await ctx.database.db
        .select({ hidden: products.hidden, reason: products.hiddenReason })
        .from(products)
        .where(eq(products._id, id))
    )[0];
  const auditOf = (id: string) =>
    ctx.database.db
      .select({
        action: moderationActions.action,
        adminId: moderationActions.adminId,
        adminName: moderationActions.adminName,
        reason: moderationActions.reason,
      })
      .from(moderationActions)
      .where(and(eq(moderationActions.targetKind, 'user'), eq(moderationActions.targetId, id)))
      .orderBy(moderationActions.createdAt);
  const noticesOf = async (userId: string) =>
    (
      (await ctx.database.db.execute(sql`
        select n.kind, n.text, o.kind as mail from notifications n
        left join outbox o on o.id = n.id
        where n.user_id = ${userId} and n.kind = 'moderation' order by n.created_at`)) as unknown as {
        rows: { kind: string; text: string; mail: string | null }[];
      }
    ).rows;

  describe('refusals', () => {
    it('refuses an admin target (403), an unknown account (404) and a missing or long reason (400)', async () => {
      const target = await registerUser(app, 'Buyer', 'refusals');
      for (const what of ['suspend', 'unsuspend']) {
        const onAdmin = await act(app, admin, otherAdmin._id, what, 'Because');
        expect(onAdmin.statusCode).toBe(403);
        expect(onAdmin.json().message).toBe(ADMIN_NOT_SUSPENDED);
        const missing = await act(app, admin, 'no-such-user', what, 'Because');
        expect(missing.statusCode).toBe(404);
        expect(missing.json().message).toBe('id: no such user');
        for (const reason of ['', '   ', 'x'.repeat(501), 'two\nlines', undefined, 5]) {
          const bad = await act(app, admin, target._id, what, reason);
          expect(bad.statusCode).toBe(400);
          expect(bad.json().message).toMatch(/reason/);
        }
      }
      // None of it suspended anyone or wrote the audit log.
      expect((await getAs(app, target, '/api/notifications')).statusCode).toBe(200);
      expect(await auditOf(target._id)).toEqual([]);
      expect(await auditOf(otherAdmin._id)).toEqual([]);
    });

    it('refuses non-admins (403) and anonymous callers (401)', async () => {
      const [seller, buyer] = await Promise.all([
        registerUser(app, 'Seller', 'not-admin'),
        registerUser(app, 'Buyer', 'not-admin'),
      ]);
      const bySeller = await act(app, seller, buyer._id, 'suspend', 'Because');
      expect(bySeller.statusCode).toBe(403);
      const anonymous = await app.inject({
        method: 'POST',
        url: `/api/admin/users/${buyer._id}/suspend`,
        payload: { reason: 'Because' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect((await getAs(app, buyer, '/api/notifications')).statusCode).toBe(200);
    });

    it('suspending a suspended account and unsuspending an active one answer 409', async () => {
      const target = await registerUser(app, 'Buyer', 'twice');
      const active = await act(app, admin, target._id, 'unsuspend', 'Nothing to lift');
      expect(active.statusCode).toBe(409);
      expect(active.json().message).toBe(NOT_SUSPENDED);
      expect((await act(app, admin, target._id, 'suspend', 'Spam')).statusCode).toBe(200);
      const again = await act(app, admin, target._id, 'suspend', 'Spam again');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ALREADY_SUSPENDED);
      expect((await auditOf(target._id)).map((line) => line.action)).toEqual(['suspend']);
    });

    it('of two admins suspending at once, one succeeds and the other is told 409', async () => {
      const target = await registerUser(app, 'Seller', 'race');
      const car = await postProduct(app, target);
      const answers = await Promise.all([
        act(app, admin, target._id, 'suspend', 'First'),
        act(app, otherAdmin, target._id, 'suspend', 'Second'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(await auditOf(target._id)).toHaveLength(1);
      expect((await hiddenOf(car))?.hidden).toBe('suspension');
    });
  });

  describe('a seller with cars and open bookings', () => {
    it('hides their cars for sale and declines the open bookings; unsuspending brings back only those cars', async () => {
      const [seller, buyer, reporter] = await Promise.all([
        registerUser(app, 'Seller', 'suspended-seller'),
        registerUser(app, 'Buyer', 'their-buyer'),
        registerUser(app, 'Buyer', 'reporter'),
      ]);
      const [forSale, accepted, sold, moderated] = [
        await postProduct(app, seller, { carName: 'Requested car' }),
        await postProduct(app, seller, { carName: 'Accepted car' }),
        await postProduct(app, seller, { carName: 'Sold car' }),
        await postProduct(app, seller, { carName: 'Moderated car' }),
      ];
      const requestedOrder = await placeOrder(app, buyer, forSale);
      const acceptedOrder = await placeOrder(app, buyer, accepted);
      const soldOrder = await placeOrder(app, buyer, sold);
      const move = (order: string, status: string) =>
        app.inject({
          method: 'PATCH',
          url: `/api/orders/${order}`,
          headers: seller.auth,
          payload: { status },
        });
      expect((await move(acceptedOrder, 'accepted')).statusCode).toBe(200);
      expect((await move(soldOrder, 'accepted')).statusCode).toBe(200);
      expect((await move(soldOrder, 'sold')).statusCode).toBe(200);
      // A car a moderator hid before: the suspension neither takes it nor gives it back.
      await ctx.database.db
        .update(products)
        .set({ hidden: 'moderation', hiddenReason: 'Stock photo', hiddenAt: new Date() })
        .where(eq(products._id, moderated));
      // An open report of the seller's account, closed as actioned by the suspension.
      await ctx.database.db.insert(reports).values({
        _id: newId(),
        targetKind: 'user',
        targetId: seller._id,
        reporterId: reporter._id,
        reason: 'scam',
        details: 'Asked for a wire transfer',
      });

      const suspended = await act(app, admin, seller._id, 'suspend', ' Scam listings ');
      expect(suspended.statusCode).toBe(200);
      expect(suspended.json()).toEqual({
        acknowledged: true,
        hiddenCars: 2,
        declined: 2,
        cancelled: 0,
        restoredCars: 0,
      });
      expect(await hiddenOf(forSale)).toEqual({ hidden: 'suspension', reason: 'Scam listings' });
      expect(await hiddenOf(accepted)).toEqual({ hidden: 'suspension', reason: 'Scam listings' });
      expect(await hiddenOf(sold)).toEqual({ hidden: null, reason: null });
      expect(await hiddenOf(moderated)).toEqual({ hidden: 'moderation', reason: 'Stock photo' });
      // Out of sale for everyone at once: the car's answer, search.
      const removed = await getAs(app, buyer, `/api/products/${forSale}`);
      expect(removed.statusCode).toBe(410);
      expect(removed.json().message).toBe('This listing was removed');
      expect((await getAs(app, admin, `/api/products/${forSale}`)).json().moderation).toMatchObject(
        { state: 'suspended', reason: 'Scam listings' },
      );
      const searched = (
        await getAs(app, buyer, `/api/products?q=${encodeURIComponent('Requested car')}`)
      ).json() as { _id: string }[];
      expect(searched.map((car) => car._id)).not.toContain(forSale);

      // The buyer reads both open bookings declined with the reason, and was told of each.
      for (const [order, name] of [
        [requestedOrder, 'Requested car'],
        [acceptedOrder, 'Accepted car'],
      ] as const) {
        const seen = await getAs(app, buyer, `/api/orders/${order}`);
        expect(seen.json()).toMatchObject({ status: 'declined', reason: SELLER_SUSPENDED });
        expect(seen.json().history.at(-1).status).toBe('declined');
        const inbox = (await getAs(app, buyer, '/api/notifications')).json() as {
          items: { orderId: string; text: string }[];
        };
        expect(inbox.items.find((n) => n.orderId === order)?.text).toBe(
          `Your booking of ${name} was declined: ${SELLER_SUSPENDED}`,
        );
      }
      expect((await getAs(app, buyer, `/api/orders/${soldOrder}`)).json().status).toBe('sold');

      // The seller's token is refused everywhere, and so is a new sign-in to the API.
      for (const url of [
        '/api/orders',
        '/api/notifications',
        `/api/users/seller/${seller.email}`,
      ]) {
        const refused = await getAs(app, seller, url);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(ACCOUNT_SUSPENDED);
      }
      const posting = await app.inject({
        method: 'POST',
        url: '/api/category',
        headers: seller.auth,
        payload: {},
      });
      expect(posting.statusCode).toBe(403);
      const signIn = await app.inject({
        method: 'GET',
        url: `/api/jwt?email=${encodeURIComponent(seller.email)}`,
        headers: { authorization: `Bearer ${seller.idToken}` },
      });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().message).toBe(ACCOUNT_SUSPENDED);
      const put = await app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: { authorization: `Bearer ${seller.idToken}` },
        payload: { name: 'Back again', email: seller.email, userRole: 'Seller' },
      });
      expect(put.statusCode).toBe(403);

      // The audit log, the report closed (the reporter told), the seller's notice mailed.
      expect(await auditOf(seller._id)).toEqual([
        { action: 'suspend', adminId: admin._id, adminName: admin.name, reason: 'Scam listings' },
      ]);
      const [report] = await ctx.database.db
        .select({ outcome: reports.outcome })
        .from(reports)
        .where(eq(reports.targetId, seller._id));
      expect(report?.outcome).toBe('actioned');
      const told = (await getAs(app, reporter, '/api/notifications')).json() as {
        items: { kind: string }[];
      };
      expect(told.items.map((n) => n.kind)).toContain('report_decided');
      expect(await noticesOf(seller._id)).toEqual([
        { kind: 'moderation', text: 'Your account was suspended: Scam listings', mail: 'notice' },
      ]);

      const lifted = await act(app, admin, seller._id, 'unsuspend', 'Appeal accepted');
      expect(lifted.statusCode).toBe(200);
      expect(lifted.json()).toMatchObject({ restoredCars: 2 });
      expect(await hiddenOf(forSale)).toEqual({ hidden: null, reason: null });
      expect(await hiddenOf(accepted)).toEqual({ hidden: null, reason: null });
      expect(await hiddenOf(moderated)).toEqual({ hidden: 'moderation', reason: 'Stock photo' });
      expect((await getAs(app, buyer, `/api/products/${forSale}`)).statusCode).toBe(200);
      expect((await getAs(app, buyer, `/api/products/${moderated}`)).statusCode).toBe(410);
      const back = (
        await getAs(app, buyer, `/api/products?q=${encodeURIComponent('Requested car')}`)
      ).json() as { _id: string }[];
      expect(back.map((car) => car._id)).toContain(forSale);
      // The bookings stay declined; the old token works again.
      expect((await getAs(app, buyer, `/api/orders/${requestedOrder}`)).json().status).toBe(
        'declined',
      );
      expect((await getAs(app, seller, '/api/seller-orders')).statusCode).toBe(200);
      expect((await auditOf(seller._id)).map(({ action, reason }) => [action, reason])).toEqual([
        ['suspend', 'Scam listings'],
        ['unsuspend', 'Appeal accepted'],
      ]);
      expect((await noticesOf(seller._id)).map((n) => n.text)).toEqual([
        'Your account was suspended: Scam listings',
        'Your account was restored: Appeal accepted',
      ]);
      const [row] = await ctx.database.db
        .select({ at: users.suspendedAt, reason: users.suspendReason })
        .from(users)
        .where(eq(users._id, seller._id));
      expect(row).toEqual({ at: null, reason: null });
    });
  });

  describe('a buyer with open bookings', () => {
    it('cancels their open bookings, each seller told; the bookings stay cancelled after', async () => {
      const [seller, buyer] = await Promise.all([
        registerUser(app, 'Seller', 'buyers-seller'),
        registerUser(app, 'Buyer', 'suspended-buyer'),
      ]);
      const car = await postProduct(app, seller, { carName: 'Booked car' });
      const order = await placeOrder(app, buyer, car);
      const suspended = await act(app, admin, buyer._id, 'suspend', 'Fake bookings');
      expect(suspended.json()).toMatchObject({ hiddenCars: 0, declined: 0, cancelled: 1 });
      const seen = await getAs(app, seller, `/api/orders/${order}`);
      expect(seen.json()).toMatchObject({ status: 'cancelled', reason: BUYER_SUSPENDED });
      const inbox = (await getAs(app, seller, '/api/notifications')).json() as {
        items: { orderId: string; text: string }[];
      };
      expect(inbox.items.find((n) => n.orderId === order && /cancelled/.test(n.text))?.text).toBe(
        `${buyer.name} cancelled the booking of Booked car: ${BUYER_SUSPENDED}`,
      );
      // The car is still the seller's and for sale.
      expect(await hiddenOf(car)).toEqual({ hidden: null, reason: null });
      expect((await getAs(app, buyer, '/api/notifications')).json().message).toBe(
        ACCOUNT_SUSPENDED,
      );
      expect((await act(app, admin, buyer._id, 'unsuspend', 'Sorted')).statusCode).toBe(200);
      expect((await getAs(app, seller, `/api/orders/${order}`)).json().status).toBe('cancelled');
      expect((await getAs(app, buyer, '/api/notifications')).statusCode).toBe(200);
    });
  });

  it("ends the suspended account's live event streams on every replica", async () => {
    const target = await registerUser(app, 'Buyer', 'streaming');
    const ended = new Promise<string>((resolve) => {
      app.events.onAccountDeleted({ userId: target._id, uid: target.uid }, resolve);
    });
    expect((await act(app, admin, target._id, 'suspend', 'Stream')).statusCode).toBe(200);
    await expect(ended).resolves.toBe('suspended');
    const stream = await getAs(app, target, '/api/events');
    expect(stream.statusCode).toBe(403);
  });

  it("counts suspending with the moderators' other actions (429 past the limit)", async () => {
    const limited = await buildTestApp({
      rateLimits: { moderation: { max: 2, windowSeconds: 60 } },
    });
    try {
      const [moderator, target] = await Promise.all([
        registerUser(limited.app, 'Admin'),
        registerUser(limited.app, 'Buyer', 'limited'),
      ]);
      expect((await act(limited.app, moderator, target._id, 'suspend', 'One')).statusCode).toBe(
        200,
      );
      expect((await act(limited.app, moderator, target._id, 'unsuspend', 'Two')).statusCode).toBe(
        200,
      );
      const third = await act(limited.app, moderator, target._id, 'suspend', 'Three');
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
