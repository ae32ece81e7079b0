import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { ConfigError, loadServerConfig } from '../../config';
import {
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  sendMessage,
  type TestContext,
  type TestUser,
} from '../../../test/helper';
import {
  clearOutbox,
  closeMailTest,
  drain,
  mailWorker,
  openMailTest,
  type SmtpServer,
} from '../../../test/mail-fixture';
import { eventually } from '../../../test/smtp-server';
import { folderTransport, retryDelaySeconds, type MailWorkerOptions } from './mail-worker';
import { MailWorker } from '../../marketplace-mail';

describe(`e-mail from the outbox (${databaseKind})`, () => {
  let ctx: TestContext;
  let smtp: SmtpServer;
  beforeAll(async () => ({ ctx, smtp } = await openMailTest()));
  afterAll(() => closeMailTest({ ctx, smtp }));
  beforeEach(async () => {
    smtp.received.length = 0;
    smtp.raw.length = 0;
    smtp.answer('accept');
    smtp.delay(0);
    // Each test counts its own mail: what earlier tests left in the outbox is out of the way.
    await clearOutbox(ctx);
  });

  const worker = (options: Partial<MailWorkerOptions> = {}) => mailWorker({ ctx, smtp }, options);
  const outboxRow = async (id: string) =>
    (
      (await ctx.database.db.execute(
        sql`select attempts, last_error, sent_at,
              extract(epoch from next_attempt_at - now())::float as due_in
            from outbox where id = ${id}`,
      )) as unknown as {
        rows: { attempts: number; last_error: string | null; sent_at: unknown; due_in: number }[];
      }
    ).rows[0];
  /** Waits until these rows are due (their retry delay or lease is over). */
  const due = (ids: string[]) =>
    eventually(async () => {
      const result = (await ctx.database.db.execute(
        sql`select count(*)::int as n from outbox where id in ${ids} and next_attempt_at <= now()`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n === ids.length;
    });

  /** What the app told these users (GET /api/notifications), with the Message-ID each mail needs. */
  async function told(...users: TestUser[]) {
    const notes = [];
    for (const user of users) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: user.auth,
      });
      const body = response.json() as { items: { _id: string; orderId: string; text: string }[] };
      for (const note of body.items) {
        notes.push({ ...note, to: user.email, messageId: `<outbox-${note._id}@cardealer.local>` });
      }
    }
    return notes;
  }

  /** A booking, its acceptance and a message each way: four notifications through the real app. */
  async function deal(label: string) {
    const seller = await registerUser(ctx.app, 'Seller', `${label}-seller`);
    const buyer = await registerUser(ctx.app, 'Buyer', `${label}-buyer`);
    const car = await postProduct(ctx.app, seller, { carName: `${label} Car` });
    const order = await placeOrder(ctx.app, buyer, car);
    const accept = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order}`,
      headers: seller.auth,
      payload: { status: 'accepted' },
    });
    expect(accept.statusCode).toBe(200);
    await say(buyer, order, 'See you Saturday');
    await say(seller, order, 'Saturday at ten');
    return { seller, buyer, order };
  }
  async function say(user: TestUser, order: string, text: string) {
    expect((await sendMessage(ctx.app, user, order, text)).statusCode).toBe(201);
  }

  it('sends every notification as an e-mail to its party, each with its own Message-ID', async () => {
    const { seller, buyer, order } = await deal('every');
    const notes = await told(seller, buyer);
    expect(notes).toHaveLength(4);

    expect(await drain(worker())).toBe(4);

    expect(smtp.received).toHaveLength(4);
    for (const note of notes) {
      // A message's mail counts the messages; a booking's move says what the notification says.
      const wrote = /^(.*) wrote about (.*)$/.exec(note.text);
      expect(smtp.received).toContainEqual({
        to: note.to,
        subject: wrote
          ? `CarDealer: 1 new message from ${wrote[1]} about ${wrote[2]}`
          : `CarDealer: ${note.text}`,
        messageId: note.messageId,
        text: expect.stringContaining(`http://cars.example/dashboad/orders/${order}`),
      });
    }
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(notes.length);
  });

  it('keeps a mail the server refuses (451, 550) or cannot take (down) queued, and sends it on a later run', async () => {
    const { seller, buyer } = await deal('refused');
    const notes = await told(seller, buyer);
    const ids = notes.map((note) => note._id);

    // 451: each mail keeps its attempt, the reason, and its next attempt 5 s on.
    smtp.answer('busy');
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 4 });
    for (const id of ids) {
      const row = await outboxRow(id);
      expect(row).toMatchObject({ attempts: 1, sent_at: null });
      expect(row.last_error).toMatch(/451.*mailbox busy/);
      expect(row.due_in).toBeGreaterThan(3);
      expect(row.due_in).toBeLessThanOrEqual(5);
    }
    // Not due yet: a run right away leaves them alone.
    smtp.answer('accept');
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 0 });
    await ctx.database.db.execute(
      sql`update outbox set next_attempt_at = now() where sent_at is null`, // 5 s later
    );

    // 550, then the server is down: still queued, attempts counted, delays doubling.
    smtp.answer('reject');
    expect(await worker({ retrySeconds: 0.1 }).runOnce()).toEqual({ sent: 0, failed: 4 });
    expect(await outboxRow(ids[0]!)).toMatchObject({
      attempts: 2,
      last_error: expect.stringMatching(/550.*no such mailbox/),
    });
    await smtp.stop();
    await due(ids); // 0.2 s on
    expect(await worker({ retrySeconds: 0.1 }).runOnce()).toEqual({ sent: 0, failed: 4 });
    const down = await outboxRow(ids[0]!);
    expect(down).toMatchObject({ attempts: 3, sent_at: null });
    expect(down.last_error).toMatch(/ECONNREFUSED/);
    expect(smtp.received).toHaveLength(0);

    // The server is back: the next run once they are due sends all four, once each.
    smtp.answer('accept');
    await smtp.start();
    await due(ids); // 0.4 s on
    expect(await worker().runOnce()).toEqual({ sent: 4, failed: 0 });
    expect(smtp.received.map((mail) => mail.messageId).sort()).toEqual(
      notes.map((note) => note.messageId).sort(),
    );
    expect(await outboxRow(ids[0]!)).toMatchObject({ attempts: 4, last_error: null });
  });

  it('gives up after the last attempt, leaving the mail unsent with its error', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'giveup-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'giveup-buyer');
    await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    const [note] = await told(seller);
    smtp.answer('reject');
    const warnings: string[] = [];
    const stubborn = worker({
      maxAttempts: 2,
      retrySeconds: 0.05,
      log: { warn: (_details, message) => warnings.push(message) },
    });
    expect(await stubborn.runOnce()).toEqual({ sent: 0, failed: 1 });
    await eventually(async () => (await stubborn.runOnce()).failed === 1);
    expect(warnings).toEqual([expect.stringMatching(/given up/)]);

    smtp.answer('accept');
    await due([note!._id]); // past what would have been its next attempt
    expect(await stubborn.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await outboxRow(note!._id)).toMatchObject({
      attempts: 2,
      sent_at: null,
      last_error: expect.stringMatching(/550/),
    });
  });

  it('retries after 5 s, doubling to at most an hour', () => {
    expect([1, 2, 3, 4, 10, 11, 50].map((attempts) => retryDelaySeconds(attempts))).toEqual([
      5, 10, 20, 40, 2560, 3600, 3600,
    ]);
  });

  it('sends a mail again, with the same Message-ID, when a worker dies between sending and marking it', async () => {
    const { seller, buyer } = await deal('crash');
    const notes = await told(seller, buyer);

    // The worker is killed right after the first mail left: nothing is marked.
    // A lease longer than any pause of a busy machine: it runs out when the test says so.
    const doomed = worker({
      batch: 1,
      leaseSeconds: 600,
      afterSend: () => {
        throw new Error('killed');
      },
    });
    await expect(doomed.runOnce()).rejects.toThrow('killed');
    expect(smtp.received).toHaveLength(1);
    const [first] = smtp.received;
    const dead = notes.find((note) => note.messageId === first!.messageId)!;
    expect(await outboxRow(dead._id)).toMatchObject({ attempts: 1, sent_at: null });

    // Another worker sends the rest at once, and the dead worker's mail when its lease runs out.
    const survivor = worker();
    expect(await survivor.runOnce()).toEqual({ sent: 3, failed: 0 });
    // The dead worker's lease runs out.
    await ctx.database.db.execute(
      sql`update outbox set next_attempt_at = now() where id = ${dead._id}`,
    );
    await due([dead._id]);
    expect(await survivor.runOnce()).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(5);
    expect(smtp.received.filter((mail) => mail.messageId === first!.messageId)).toHaveLength(2);
    expect(new Set(smtp.received.map((mail) => mail.messageId))).toEqual(
      new Set(notes.map((note) => note.messageId)),
    );
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(notes.length);
    expect(await survivor.runOnce()).toEqual({ sent: 0, failed: 0 });
  });

  /** An outbox row as written before the worker composed mails: subject and body, no kind. */
  const legacyRow = (id: string, to: string, order: string) =>
    ctx.database.db.execute(sql`
      insert into outbox (id, to_email, subject, body)
      values (${id}, ${to}, ${`CarDealer: Old news ${id}`},
              ${`Old news ${id}\n\nOpen the booking: /dashboad/orders/${order}\n`})`);

  it('sends a row enqueued before migration 0012 as it was written', async () => {
    const { buyer, order } = await deal('legacy');
    await legacyRow('legacy-row', buyer.email, order);
    expect(await drain(worker())).toBe(5);
    expect(smtp.received).toContainEqual({
      to: buyer.email,
      subject: 'CarDealer: Old news legacy-row',
      messageId: '<outbox-legacy-row@cardealer.local>',
      text: `Old news legacy-row\n\nOpen the booking: http://cars.example/dashboad/orders/${order}\n`,
    });
  });

  it('never sends one mail twice when two workers run at once', async () => {
    const { seller, buyer, order } = await deal('pair');
    // Eight more (a conversation's messages fold into one mail, so older rows make the number).
    for (let i = 0; i < 8; i++) await legacyRow(`pair-${i}`, (i % 2 ? seller : buyer).email, order);

    smtp.delay(10); // sending takes a while, so the two workers' batches overlap
    const one = worker({ batch: 3 });
    const two = worker({ batch: 3 });
    const [byOne, byTwo] = await Promise.all([drain(one), drain(two)]);

    expect(byOne).toBeGreaterThan(0);
    expect(byTwo).toBeGreaterThan(0);
    expect(byOne + byTwo).toBe(12);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(12);
  });

  it('once started, sends a new notification promptly (woken by its NOTIFY), and stops', async () => {
    const { seller, buyer, order } = await deal('live');
    // It polls only once a minute here: the prompt mail below comes from the NOTIFY.
    const live = worker({ listen: ctx.database.listen, pollMs: 60_000 });
    await live.start();
    try {
      await eventually(async () => smtp.received.length === 4);
      // A booking's move is mailed at once (a message would wait for its conversation's window).
      const cancel = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order}`,
        headers: buyer.auth,
        payload: { status: 'cancelled' },
      });
      expect(cancel.statusCode).toBe(200);
      const [note] = await told(seller);
      const mail = await eventually(async () =>
        smtp.received.find((received) => received.messageId === note!.messageId),
      );
      expect(mail).toMatchObject({ to: seller.email, subject: `CarDealer: ${note!.text}` });
    } finally {
      await live.stop();
    }
    expect(smtp.received).toHaveLength(5);
  });

  it('on stop, finishes the mail in hand and gives the rest of its batch back', async () => {
    const { seller, buyer } = await deal('stop');
    const ids = (await told(seller, buyer)).map((note) => note._id);
    smtp.delay(300);
    const stopping = worker();
    await stopping.start();
    // Stopped while the first mail is being sent: the batch is claimed and one mail is in hand.
    // (Waiting only for the claim could stop the worker before it began sending: then no mail
    // is in hand, and none is sent.)
    const before = smtp.arriving();
    await eventually(async () => smtp.arriving() > before);
    expect(smtp.received).toHaveLength(0);
    await stopping.stop();

    expect(smtp.received).toHaveLength(1);
    const rows = await Promise.all(ids.map(outboxRow));
    expect(rows.filter((row) => row!.sent_at !== null)).toHaveLength(1);
    // The others are due again at once, as if never tried.
    for (const row of rows.filter((row) => row!.sent_at === null)) {
      expect(row).toMatchObject({ attempts: 0 });
      expect(row!.due_in).toBeLessThanOrEqual(0);
    }
  });

  it('reads SMTP_URL, MAIL_FROM and PUBLIC_ORIGIN', () => {
    expect(loadServerConfig({ PORT: '9000' })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'CarDealer <no-reply@cardealer.local>',
      publicOrigin: 'http://localhost:9000',
    });
    expect(
      loadServerConfig({
        SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
        MAIL_FROM: 'Cars <cars@example.com>',
        PUBLIC_ORIGIN: 'https://cars.example.com/',
      }),
    ).toMatchObject({
      smtpUrl: 'smtps://user:secret@smtp.example.com:465',
      mailFrom: 'Cars <cars@example.com>',
      publicOrigin: 'https://cars.example.com',
    });
    expect(() => loadServerConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(ConfigError);
  });

  it('writes each mail as an .eml file named by its row in demo mode', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cardealer-mail-'));
    try {
      const seller = await registerUser(ctx.app, 'Seller', 'eml-seller');
      const buyer = await registerUser(ctx.app, 'Buyer', 'eml-buyer');
      const order = await placeOrder(
        ctx.app,
        buyer,
        await postProduct(ctx.app, seller, { carName: 'Eml Car' }),
      );
      const [note] = await told(seller);
      const files = new MailWorker(ctx.database.db, folderTransport(folder), {
        from: 'CarDealer <no-reply@cardealer.local>',
        origin: 'http://cars.example',
      });
      expect(await files.runOnce()).toEqual({ sent: 1, failed: 0 });

      expect(readdirSync(folder)).toEqual([`${note!._id}.eml`]);
      const mail = await simpleParser(readFileSync(join(folder, `${note!._id}.eml`)));
      expect(mail.messageId).toBe(note!.messageId);
      expect(mail.subject).toBe(`CarDealer: ${buyer.name} booked Eml Car`);
      expect(mail.from?.value).toEqual([
        { name: 'CarDealer', address: 'no-reply@cardealer.local' },
      ]);
      expect(mail.to).toMatchObject({ text: seller.email });
      expect(mail.text).toContain(`Open the booking: http://cars.example/dashboad/orders/${order}`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
