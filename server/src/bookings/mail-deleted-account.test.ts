/**
 * A mail and a live event are for an account, by id: a mail still waiting when its account is
 * deleted is never sent (not to whoever signs up with that e-mail next), and a notification's live
 * event names the account's id, not its e-mail.
 */
import { sql } from 'drizzle-orm';
import { EVENTS_CHANNEL } from '../platform/events/event-hub';
import {
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  signUp,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import {
  clearOutbox,
  closeMailTest,
  mailWorker,
  openMailTest,
  type SmtpServer,
} from '../../test/mail-fixture';

describe(`mail and events for a deleted account (${databaseKind})`, () => {
  let ctx: TestContext;
  let smtp: SmtpServer;
  let admin: TestUser;
  beforeAll(async () => {
    ({ ctx, smtp } = await openMailTest());
    admin = await registerUser(ctx.app, 'Admin');
  });
  afterAll(() => closeMailTest({ ctx, smtp }));

  const worker = () => mailWorker({ ctx, smtp });
  const say = (user: TestUser, order: string, text: string) =>
    sendMessage(ctx.app, user, order, text);

  it('never sends a waiting mail of a deleted account, even once its e-mail is signed up again', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'mail-kept-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'mail-deleted-buyer');
    const order = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    await clearOutbox(ctx);
    expect((await say(seller, order, 'Come on Saturday')).statusCode).toBe(201);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${buyer._id}`,
      headers: admin.auth,
    });
    expect(deleted.statusCode).toBe(200);
    await signUp(buyer.email);

    // The seller is told of the cancelled booking; the buyer's waiting message mail goes nowhere.
    expect(await worker().runOnce()).toEqual({ sent: 1, failed: 1 });
    expect(smtp.received.map((mail) => mail.to)).toEqual([seller.email]);
    const { rows } = (await ctx.database.db.execute(
      sql`select given_up_at, last_error from outbox where ref = ${order} and kind = 'message'`,
    )) as unknown as { rows: { given_up_at: unknown; last_error: string }[] };
    expect(rows).toEqual([
      { given_up_at: expect.anything(), last_error: 'recipient: the account was deleted' },
    ]);
  });

  it("names the account's id in a notification's live event", async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'event-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'event-buyer');
    const order = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    const heard: { type: string; to: unknown; orderId: string }[] = [];
    const unlisten = await ctx.database.listen(EVENTS_CHANNEL, (payload) => {
      heard.push(JSON.parse(payload) as { type: string; to: unknown; orderId: string });
    });
    try {
      expect((await say(seller, order, 'Hello')).statusCode).toBe(201);
      const deadline = Date.now() + 5000;
      while (!heard.some((event) => event.orderId === order) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await unlisten();
    }
    expect(heard.filter((event) => event.orderId === order)).toEqual([
      expect.objectContaining({ type: 'notification', to: buyer._id }),
    ]);
  });
});
