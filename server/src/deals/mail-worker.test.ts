import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
} from '../../test/helper';
import { folderTransport, MailWorker, smtpTransport } from './mail-worker';

interface Received {
  to: string;
  subject: string;
  messageId: string;
}

/** A real SMTP server on a spare port, keeping what it receives (or refusing it). */
async function smtpServer(refuse: () => boolean) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        if (refuse()) {
          callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
          return;
        }
        const header = (name: string) =>
          new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          subject: header('Subject'),
          messageId: header('Message-ID'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`e-mail from the outbox (${databaseKind})`, () => {
  let ctx: TestContext;
  let refusing = false;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    ctx = await buildTestApp();
    smtp = await smtpServer(() => refusing);
  });
  afterAll(async () => {
    await smtp.close();
    await ctx.close();
  });

  const notifications = async () =>
    (
      (await ctx.database.db.execute(
        sql`select id, user_email, text from notifications order by id`,
      )) as unknown as { rows: { id: string; user_email: string; text: string }[] }
    ).rows;
  const worker = (afterSend?: () => void) =>
    new MailWorker(ctx.database.db, smtpTransport(smtp.url), {
      from: 'CarDealer <no-reply@cardealer.local>',
      origin: 'http://cars.example',
      afterSend,
    });

  it('sends every notification once, each with its own Message-ID, at least once through a crash', async () => {
    const seller = await registerUser(ctx.app, 'Seller');
    const buyer = await registerUser(ctx.app, 'Buyer');
    const car = await postProduct(ctx.app, seller, { carName: 'Mail Car' });
    const order = await placeOrder(ctx.app, buyer, car);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order}`,
      headers: seller.auth,
      payload: { status: 'accepted' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order}/messages`,
      headers: buyer.auth,
      payload: { text: 'See you Saturday' },
    });

    // A worker dies between sending the first mail and marking it: the transaction is lost.
    const crash = worker(() => {
      throw new Error('killed');
    });
    await expect(crash.runOnce()).rejects.toThrow('killed');
    expect(smtp.received).toHaveLength(1);

    // A mail server that refuses keeps the mail queued, with the reason and a later attempt.
    refusing = true;
    expect(await worker().runOnce()).toBe(0);
    const queued = (await ctx.database.db.execute(
      sql`select attempts, last_error from outbox where sent_at is null`,
    )) as unknown as { rows: { attempts: number; last_error: string }[] };
    expect(queued.rows.length).toBe(3);
    expect(queued.rows[0]).toMatchObject({
      attempts: 1,
      last_error: expect.stringMatching(/busy/),
    });
    refusing = false;
    await ctx.database.db.execute(sql`update outbox set next_attempt_at = now()`);

    expect(await worker().runOnce()).toBe(3);
    expect(await worker().runOnce()).toBe(0);
    const told = await notifications();
    expect(told).toHaveLength(3);
    // Every notification arrived, to its party, with its text as the subject.
    for (const note of told) {
      expect(smtp.received).toContainEqual({
        to: note.user_email,
        subject: `CarDealer: ${note.text}`,
        messageId: `<outbox-${note.id}@cardealer.local>`,
      });
    }
    // The crash's mail came twice, recognisably: as many distinct ids as notifications.
    expect(smtp.received).toHaveLength(4);
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(told.length);
  });

  it('writes each mail as an .eml file in demo mode', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'cardealer-mail-'));
    try {
      const seller = await registerUser(ctx.app, 'Seller', 'eml-seller');
      const buyer = await registerUser(ctx.app, 'Buyer', 'eml-buyer');
      await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller, { carName: 'Eml Car' }));
      const files = new MailWorker(ctx.database.db, folderTransport(folder), {
        from: 'CarDealer <no-reply@cardealer.local>',
        origin: 'http://cars.example',
      });
      expect(await files.runOnce()).toBeGreaterThanOrEqual(1);
      const written = readdirSync(folder).filter((file) => file.endsWith('.eml'));
      // Quoted-printable: soft line breaks joined again.
      const mail = written
        .map((file) => readFileSync(join(folder, file), 'utf8').replace(/=\r?\n/g, ''))
        .join('\n');
      expect(mail).toMatch(/^Message-ID: <outbox-[0-9a-f]+@cardealer\.local>$/m);
      expect(mail).toContain(`To: ${seller.email}`);
      expect(mail).toContain('booked Eml Car');
      expect(mail).toContain('http://cars.example/dashboad/orders/');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
