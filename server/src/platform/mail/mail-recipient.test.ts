import { sql } from 'drizzle-orm';
import { databaseKind, type TestContext } from '../../../test/helper';
import {
  clearOutbox,
  closeMailTest,
  mailWorker,
  openMailTest,
  type SmtpServer,
} from '../../../test/mail-fixture';

/**
 * Where a mail goes: to the account's e-mail as it is written, or nowhere. The API and the sign-in
 * emulator take any `[^\s@]+@[^\s@]+` as an e-mail, and nodemailer reads a recipient as an address
 * list ('x,victim@example.com' is 'victim@example.com').
 */
describe(`the recipient of a mail (${databaseKind})`, () => {
  let ctx: TestContext;
  let smtp: SmtpServer;
  beforeAll(async () => ({ ctx, smtp } = await openMailTest()));
  afterAll(() => closeMailTest({ ctx, smtp }));

  it.each([
    ['a list', 'x,victim@example.com'],
    ['a group', 'g:victim@example.com;'],
    ['an address in angle brackets', 'Mallory<victim@example.com>'],
  ])(
    'sends nothing when the e-mail reads as %s, and gives the row up with its reason',
    async (_label, email) => {
      await clearOutbox(ctx);
      const id = `recipient-${Math.random().toString(36).slice(2)}`;
      await ctx.database.db.execute(
        sql`insert into outbox (id, to_email, kind) values (${id}, ${email}, 'status')`,
      );
      const worker = mailWorker({ ctx, smtp });
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
      expect(smtp.received).toEqual([]);
      const { rows } = (await ctx.database.db.execute(
        sql`select sent_at, given_up_at, last_error from outbox where id = ${id}`,
      )) as unknown as { rows: Record<string, unknown>[] };
      expect(rows[0]).toMatchObject({
        sent_at: null,
        given_up_at: expect.anything(),
        last_error: 'recipient: not a single plain e-mail address',
      });
    },
  );
});
