import { sql } from 'drizzle-orm';
import {
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import {
  clearOutbox,
  closeMailTest,
  drain,
  mailWorker,
  openMailTest,
  type SmtpServer,
} from '../../test/mail-fixture';
import { eventually } from '../../test/smtp-server';
import type { MailWorkerOptions } from '../platform/mail/mail-worker';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a conversation's e-mail (${databaseKind})`, () => {
  let ctx: TestContext;
  let smtp: SmtpServer;
  beforeAll(async () => ({ ctx, smtp } = await openMailTest()));
  afterAll(() => closeMailTest({ ctx, smtp }));
  beforeEach(async () => {
    smtp.received.length = 0;
    // What earlier tests left waiting is out of the way.
    await clearOutbox(ctx);
  });

  const worker = (options: Partial<MailWorkerOptions> = {}) => mailWorker({ ctx, smtp }, options);
  /** The booking's mails not sent yet. */
  const waiting = async (order: string) =>
    (
      (await ctx.database.db.execute(
        sql`select count(*)::int as n from outbox where ref = ${order} and sent_at is null`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n;

  /** A booking of a 'Tesla Model 3', its own mail already sent. */
  async function booking(label: string) {
    const seller = await registerUser(ctx.app, 'Seller', `${label}-seller`);
    const buyer = await registerUser(ctx.app, 'Buyer', `${label}-buyer`);
    const order = await placeOrder(
      ctx.app,
      buyer,
      await postProduct(ctx.app, seller, { carName: 'Tesla Model 3' }),
    );
    await drain(worker());
    smtp.received.length = 0;
    return { seller, buyer, order };
  }
  async function say(user: TestUser, order: string, text: string) {
    expect((await sendMessage(ctx.app, user, order, text)).statusCode).toBe(201);
  }

  it("makes one mail of 5 messages in quick succession: '5 new messages from …'", async () => {
    const { seller, buyer, order } = await booking('burst');
    // A running worker, woken by each message's NOTIFY: the first message waits for more.
    const live = worker({ listen: ctx.database.listen, pollMs: 100, messageDelaySeconds: 3 });
    await live.start();
    try {
      for (let i = 1; i <= 5; i++) await say(buyer, order, `Message ${i}`);
      await eventually(async () => smtp.received.length > 0);
      await eventually(async () => (await waiting(order)) === 0);
    } finally {
      await live.stop();
    }
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({
      to: seller.email,
      subject: `CarDealer: 5 new messages from ${buyer.name} about Tesla Model 3`,
    });
    const quotes = mail!.text.split('\n').filter((line) => line.startsWith('> Message'));
    expect(quotes).toEqual([1, 2, 3, 4, 5].map((i) => `> Message ${i}`));
  });

  it('mails a message after the window at once, and one within it when the window ends', async () => {
    const { seller, buyer, order } = await booking('window');
    // The 10 minutes, shortened to one second.
    const mailer = worker({ messageWindowSeconds: 1 });
    await say(buyer, order, 'First');
    expect(await drain(mailer)).toBe(1);

    await sleep(1200); // "11 minutes later"
    await say(buyer, order, 'Later');
    expect(await drain(mailer)).toBe(1);
    expect(smtp.received[1]).toMatchObject({
      to: seller.email,
      subject: `CarDealer: 1 new message from ${buyer.name} about Tesla Model 3`,
    });
    expect(smtp.received[1]!.text).toContain('> Later');
    expect(smtp.received[1]!.text).not.toContain('> First');

    // Within the window: it waits, and is mailed when the window ends.
    await say(buyer, order, 'Meanwhile');
    expect(await drain(mailer)).toBe(0);
    await eventually(async () => (await mailer.runOnce()).sent === 1);
    expect(smtp.received).toHaveLength(3);
    expect(smtp.received[2]!.text).toContain('> Meanwhile');
    expect(smtp.received[2]!.text).not.toContain('> Later');
  });

  it("mails a booking's move at once, while its conversation waits for the window", async () => {
    const { seller, buyer, order } = await booking('move');
    const mailer = worker(); // the window: 10 minutes
    await say(buyer, order, 'Hello');
    expect(await drain(mailer)).toBe(1);
    await say(buyer, order, 'Still there?');
    expect(await drain(mailer)).toBe(0);

    const cancel = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order}`,
      headers: buyer.auth,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await drain(mailer)).toBe(1);
    expect(smtp.received[1]).toMatchObject({
      to: seller.email,
      subject: `CarDealer: ${buyer.name} cancelled the booking of Tesla Model 3`,
    });
    // The message still waits for its window, put off until it ends (not looked at meanwhile).
    expect(await waiting(order)).toBe(1);
    const [row] = (
      (await ctx.database.db.execute(
        sql`select extract(epoch from next_attempt_at - now())::float as due_in
            from outbox where ref = ${order} and sent_at is null`,
      )) as unknown as { rows: { due_in: number }[] }
    ).rows;
    expect(row!.due_in).toBeGreaterThan(500);
    expect(row!.due_in).toBeLessThanOrEqual(600);
  });

  it('loses no message written while its conversation is being mailed', async () => {
    const { buyer, order } = await booking('inflight');
    let once = true;
    const mailer = worker({
      messageWindowSeconds: 1,
      // Sent, not yet marked: a message arrives now, after the mail was written.
      afterSend: async () => {
        if (once) await say(buyer, order, 'Written while mailing');
        once = false;
      },
    });
    await say(buyer, order, 'First');
    expect(await drain(mailer)).toBe(1);
    expect(smtp.received[0]!.text).toContain('> First');
    expect(smtp.received[0]!.text).not.toContain('Written while mailing');

    await eventually(async () => (await mailer.runOnce()).sent === 1);
    expect(smtp.received[1]!.subject).toMatch(/^CarDealer: 1 new message from /);
    expect(smtp.received[1]!.text).toContain('> Written while mailing');
    expect(await waiting(order)).toBe(0);
  });
});
