/**
 * A conversation cannot be flooded: an account's messages are limited a minute and a day, and
 * per booking, whichever address they come from, counted in memory or in the database.
 */
import { sql } from 'drizzle-orm';
import type { RateLimits } from '../platform/http/rate-limits';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const TOO_FAST = 'You are sending messages too fast: wait a minute';

/** `count` bookings by `buyer` of a new seller's cars; `ids.seller` is that seller. */
async function bookings(ctx: TestContext, buyer: TestUser, count: number) {
  const seller = await registerUser(ctx.app, 'Seller', 'message-seller');
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    ids.push(await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller)));
  }
  return Object.assign(ids, { seller });
}

const say = (ctx: TestContext, user: TestUser, order: string, remoteAddress = '127.0.0.1') =>
  sendMessage(ctx.app, user, order, 'Still available?', remoteAddress);

const count = async (ctx: TestContext, query: ReturnType<typeof sql>) => {
  const result = (await ctx.database.db.execute(query)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
};

describe.each(['memory', 'database'] as const)(
  `message limits (${databaseKind}, counted in %s)`,
  (store) => {
    const contexts: TestContext[] = [];
    afterAll(async () => {
      for (const ctx of contexts) await ctx.close();
    });
    const app = async (rateLimits: Partial<RateLimits>) => {
      const ctx = await buildTestApp({ rateLimitStore: store, rateLimits });
      contexts.push(ctx);
      return ctx;
    };
    // A minute, as configured by default: all of a test's calls land in one window.
    const defaults: Partial<RateLimits> = {
      messages: [
        { max: 20, windowSeconds: 60 },
        { max: 200, windowSeconds: 24 * 3600 },
      ],
      messagesPerBooking: { max: 10, windowSeconds: 60 },
    };

    it('accepts 20 of 100 messages sent at once by one account, from any address, and mails only those', async () => {
      const ctx = await app(defaults);
      const buyer = await registerUser(ctx.app, 'Buyer', 'flooder');
      // Five bookings (the per-booking limit allows 50): the account's 20 a minute binds.
      const orders = await bookings(ctx, buyer, 5);
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => say(ctx, buyer, orders[i % 5]!, `10.60.${i}.1`)),
      );
      const accepted = answers.filter((answer) => answer.statusCode === 201);
      const refused = answers.filter((answer) => answer.statusCode === 429);
      expect([accepted.length, refused.length]).toEqual([20, 80]);
      for (const answer of refused) {
        expect(answer.json()).toEqual({ message: TOO_FAST });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(answer.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      const list = sql.join(
        orders.map((id) => sql`${id}`),
        sql`, `,
      );
      expect(
        await count(ctx, sql`select count(*)::int as n from messages where order_id in (${list})`),
      ).toBe(20);
      expect(
        await count(
          ctx,
          sql`select count(*)::int as n from notifications
              where kind = 'message' and order_id in (${list})`,
        ),
      ).toBe(20);
      // The seller's mail: the five bookings, and no more about messages than were accepted.
      const mails = sql`select count(*)::int as n from outbox where to_email = ${orders.seller.email}`;
      expect(await count(ctx, mails)).toBeLessThanOrEqual(5 + 20);
    });

    it('accepts 10 messages a minute from one account in one booking; its other bookings and the other party still may', async () => {
      const ctx = await app(defaults);
      const buyer = await registerUser(ctx.app, 'Buyer', 'one-booking');
      const orders = await bookings(ctx, buyer, 2);
      const [order, other] = orders;
      const answers = await Promise.all(
        Array.from({ length: 15 }, (_, i) => say(ctx, buyer, order!, `10.61.${i}.1`)),
      );
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([...Array(10).fill(201), ...Array(5).fill(429)]);
      for (const answer of answers.filter((a) => a.statusCode === 429)) {
        expect(answer.json()).toEqual({ message: TOO_FAST });
      }
      expect((await say(ctx, buyer, other!, '10.61.99.1')).statusCode).toBe(201);
      expect((await say(ctx, orders.seller, order!, '10.61.99.2')).statusCode).toBe(201);
    });

    it('counts a day window beside the minute: over it, the wait is the time left', async () => {
      // A short minute window and a small "day", so the test sees the first end and the second hold.
      const ctx = await app({
        messages: [
          { max: 2, windowSeconds: 2 },
          { max: 4, windowSeconds: 3600 },
        ],
        messagesPerBooking: { max: 100, windowSeconds: 2 },
      });
      const buyer = await registerUser(ctx.app, 'Buyer', 'daily');
      const [order] = await bookings(ctx, buyer, 1);
      expect((await say(ctx, buyer, order!)).statusCode).toBe(201);
      expect((await say(ctx, buyer, order!)).statusCode).toBe(201);
      const minute = await say(ctx, buyer, order!);
      expect(minute.statusCode).toBe(429);
      expect(minute.json()).toEqual({
        message: 'You are sending messages too fast: wait 2 seconds',
      });
      expect(Number(minute.headers['retry-after'])).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 2200));
      // A new short window; the long one has counted three calls (the refused one too).
      expect((await say(ctx, buyer, order!)).statusCode).toBe(201);
      const day = await say(ctx, buyer, order!);
      expect(day.statusCode).toBe(429);
      expect(day.json()).toEqual({ message: 'You are sending messages too fast: wait an hour' });
      expect(Number(day.headers['retry-after'])).toBeGreaterThan(3000);
      // Another account on another address is not held by it; on the same address it is.
      const other = await registerUser(ctx.app, 'Buyer', 'daily-other');
      const [own] = await bookings(ctx, other, 1);
      expect((await say(ctx, other, own!, '10.62.0.1')).statusCode).toBe(201);
      expect((await say(ctx, other, own!)).statusCode).toBe(429);
    });
  },
);
