import { sql } from 'drizzle-orm';
import {
  smtpTransport,
  type MailRun,
  type MailWorkerOptions,
} from '../src/platform/mail/mail-worker';
import { MailWorker } from '../src/marketplace-mail';
import type { AppOptions } from '../src/app';
import { buildTestApp, type TestContext } from './helper';
import { smtpServer } from './smtp-server';

/** What the mail tests share: the app, a real SMTP server, and workers that send to it. */
export type SmtpServer = Awaited<ReturnType<typeof smtpServer>>;

export interface MailTest {
  ctx: TestContext;
  smtp: SmtpServer;
}

/** An app and an SMTP server, for a `beforeAll`. */
export async function openMailTest(options: Partial<AppOptions> = {}): Promise<MailTest> {
  const ctx = await buildTestApp(options);
  const smtp = await smtpServer();
  return { ctx, smtp };
}

/** Closes what `openMailTest` opened, for an `afterAll`. */
export async function closeMailTest({ ctx, smtp }: MailTest): Promise<void> {
  await smtp.stop();
  await ctx.close();
}

/**
 * A worker sending the app's outbox to the SMTP server. A conversation's mail goes at once here
 * unless `options` say otherwise (mail-messages.test.ts tests the wait).
 */
export function mailWorker(
  { ctx, smtp }: MailTest,
  options: Partial<MailWorkerOptions> = {},
): MailWorker {
  return new MailWorker(ctx.database.db, smtpTransport(smtp.url()), {
    from: 'CarDealer <no-reply@cardealer.local>',
    origin: 'http://cars.example',
    messageDelaySeconds: 0,
    ...options,
  });
}

/** Runs a worker until it finds nothing due; answers what it sent. */
export async function drain(mailer: MailWorker): Promise<number> {
  let sent = 0;
  for (let run: MailRun; (run = await mailer.runOnce()).sent + run.failed > 0;) sent += run.sent;
  return sent;
}

/** Marks every mail still waiting as sent, so that a test counts only its own. */
export async function clearOutbox(ctx: TestContext): Promise<void> {
  await ctx.database.db.execute(sql`update outbox set sent_at = now() where sent_at is null`);
}
