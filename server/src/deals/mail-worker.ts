/**
 * Sends the outbox's e-mails (migration 0005 writes one per notification, in the transaction
 * of what it tells). Any number of workers may run, one per replica: each claims due rows with
 * `FOR UPDATE SKIP LOCKED`, sends them, and marks them sent in the same transaction. Delivery is
 * at least once (a worker that dies between sending and marking leaves the row to be sent again);
 * every mail carries its row's Message-ID, so a repeat is recognisable.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';

export interface Mail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string;
}

/** Where mail goes: an SMTP server, or (demo mode) `.eml` files in a folder. */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
  close?(): void;
}

/** Through SMTP (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ ...mail, messageId: mail.messageId });
    },
    close: () => transport.close(),
  };
}

/** Each mail as an RFC 822 `.eml` file named by its row (demo mode: nothing leaves the machine). */
export function folderTransport(folder: string): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(mail) {
      const info = (await builder.sendMail({ ...mail, messageId: mail.messageId })) as {
        message: Buffer;
      };
      await mkdir(folder, { recursive: true });
      const temporary = join(folder, `.${mail.id}.eml.tmp`);
      await writeFile(temporary, info.message);
      await rename(temporary, join(folder, `${mail.id}.eml`));
    },
  };
}

export interface MailWorkerOptions {
  from: string;
  /** Absolute origin for the links in the mails (the outbox holds paths). */
  origin: string;
  /** Rows claimed at a time. */
  batch?: number;
  /** How often it looks for due mail. */
  pollMs?: number;
  /** Attempts before a mail is left unsent (its last error kept). */
  maxAttempts?: number;
  /** Called after a mail is sent, before it is marked (tests kill the worker here). */
  afterSend?: (mail: Mail) => void | Promise<void>;
}

/** Retry after 5 s, doubling to at most an hour. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(3600, 5 * 2 ** Math.max(0, attempts - 1));

interface OutboxRow {
  id: string;
  to_email: string;
  subject: string;
  body: string;
  attempts: number;
}

export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly options: MailWorkerOptions,
  ) {}

  static messageId(id: string): string {
    return `<outbox-${id}@cardealer.local>`;
  }

  /** Claims, sends and marks one batch; answers how many were sent. */
  async runOnce(): Promise<number> {
    const { batch = 20, maxAttempts = 10 } = this.options;
    return this.db.transaction(async (tx) => {
      const claimed = (await tx.execute(sql`
        select id, to_email, subject, body, attempts from outbox
        where sent_at is null and attempts < ${maxAttempts} and next_attempt_at <= now()
        order by next_attempt_at, id
        limit ${batch}
        for update skip locked`)) as unknown as { rows: OutboxRow[] };
      let sent = 0;
      for (const row of claimed.rows) {
        const mail: Mail = {
          id: row.id,
          from: this.options.from,
          to: row.to_email,
          subject: row.subject,
          text: row.body.replaceAll('/dashboad/', `${this.options.origin}/dashboad/`),
          messageId: MailWorker.messageId(row.id),
        };
        try {
          await this.transport.send(mail);
        } catch (error) {
          const attempts = row.attempts + 1;
          await tx.execute(sql`
            update outbox set attempts = ${attempts}, last_error = ${String((error as Error).message).slice(0, 500)},
              next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
            where id = ${row.id}`);
          continue;
        }
        await this.options.afterSend?.(mail);
        await tx.execute(
          sql`update outbox set sent_at = now(), attempts = attempts + 1 where id = ${row.id}`,
        );
        sent += 1;
      }
      return sent;
    });
  }

  /** Looks for due mail every `pollMs` until stopped. */
  start(): void {
    const tick = () => {
      this.running = this.runOnce().catch(() => 0);
      void this.running.then(() => {
        if (this.timer) this.timer = setTimeout(tick, this.options.pollMs ?? 2000);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close?.();
  }
}
