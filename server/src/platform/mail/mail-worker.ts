/**
 * Sends the outbox's e-mails (the trigger `notifications_insert` enqueues one per notification, in
 * the transaction of what it tells: a kind, the booking, the messages, the recipient). Any number
 * of workers may run, one per replica, on PostgreSQL or PGlite:
 *
 * 1. claim: one statement takes a batch of due rows (`FOR UPDATE SKIP LOCKED`, so two workers
 *    never take the same row), counts the attempt and leases them (`next_attempt_at` moves a few
 *    minutes on), then commits. No transaction stays open while mail is sent: PGlite has one
 *    connection, and a slow SMTP server must not hold up every request.
 *    A booking's move is due at once. A conversation's messages wait in one row per recipient:
 *    it is due `messageDelaySeconds` after its first message (a burst makes one mail), and not
 *    before `messageWindowSeconds` after the last message mail of that conversation to that
 *    recipient (at most one such mail per window; what comes meanwhile waits for the next).
 *    An alert mail (a saved search's matches, a saved car's news) is due at once; once
 *    sent, it leaves a row for its target and account due `alertWindowSeconds` later, into which
 *    the alerts meanwhile fold (docs/alerts-mail.md). A day's digests are rows like any other.
 * 2. compose each mail from the booking and messages as they are now (mail-compose.ts), send it,
 *    then mark it sent; messages that folded into the row while it was being sent move to a new
 *    row, due when the window ends. A refused mail gets its error and a later attempt (5 s,
 *    doubling to an hour); after `maxAttempts` it is left unsent with its last error.
 *
 * Delivery is at least once: a worker that dies between sending and marking leaves the row leased,
 * and it is sent again when the lease runs out. Every mail carries its row's Message-ID
 * (`<outbox-{id}@cardealer.local>`), so a repeat is recognisable.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { EVENTS_CHANNEL, type Listen } from '../events/event-hub';
import type { MailComposer, MailKind } from './composer';
import type { Mail, MailTransport } from './mail-transports';

export const MESSAGE_ID_DOMAIN = 'cardealer.local';

/** The Message-ID of an outbox row's mail: the same on every attempt. */
export const messageIdOf = (id: string) => `<outbox-${id}@${MESSAGE_ID_DOMAIN}>`;

export { folderTransport, smtpTransport, type Mail, type MailTransport } from './mail-transports';

export interface MailWorkerLog {
  warn(details: object, message: string): void;
}

export interface MailWorkerOptions {
  from: string;
  /** Absolute origin for the links in the mails (the outbox holds paths). */
  origin: string;
  /** LISTEN on the database: the worker wakes on every notification's NOTIFY. */
  listen?: Listen;
  log?: MailWorkerLog;
  /** Rows claimed at a time (20). */
  batch?: number;
  /** How often it looks for due mail without being woken (2,000 ms). */
  pollMs?: number;
  /** Attempts before a mail is left unsent with its last error (10). */
  maxAttempts?: number;
  /** How long a claimed row is kept from other workers (300 s): a dead worker's mail waits this. */
  leaseSeconds?: number;
  /** The first retry's delay (5 s); it doubles with each attempt, to at most an hour. */
  retrySeconds?: number;
  /** A conversation's first message waits this long for more to fold in (60 s). */
  messageDelaySeconds?: number;
  /** At most one mail per conversation and recipient in this long (600 s). */
  messageWindowSeconds?: number;
  /** At most one alert mail per target (a saved search, a saved car) and account in this long (600 s). */
  alertWindowSeconds?: number;
  /** Called after a mail is sent, before it is marked (tests kill the worker here). */
  afterSend?: (mail: Mail) => void | Promise<void>;
}

/** Seconds before the next attempt after `attempts` failed ones: 5, 10, 20 … at most 3,600. */
export function retryDelaySeconds(attempts: number, first = 5): number {
  return Math.min(3600, first * 2 ** Math.max(0, attempts - 1));
}

/** What one run did: mails sent, mails refused (kept for a later attempt or given up). */
export interface MailRun {
  sent: number;
  failed: number;
}

interface OutboxRow {
  id: string;
  to_email: string;
  /** Rows enqueued before mails were composed here: the finished mail, and no kind. */
  subject: string | null;
  body: string | null;
  kind: MailKind | null;
  ref: string | null;
  message_ids: string[] | null;
  user_id: string | null;
  attempts: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * One address and nothing else: nodemailer reads a recipient as an address list, so an account's
 * e-mail such as 'x,victim@example.com' or 'g:victim@example.com;' (the API and the sign-in
 * emulator take them) would send its mail to someone else's address.
 */
const PLAIN_ADDRESS = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+$/;

/** A mail that can never go: given up at once. */
class Undeliverable extends Error {}

/** Sends the outbox's mail, each written when it is sent by `composer`. */
export class OutboxWorker<Prefetched = unknown> {
  private running = false;
  private stopping = false;
  private loop: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly options: MailWorkerOptions,
    private readonly composer: MailComposer<Prefetched>,
  ) {}

  /** Claims one batch of due mail, sends it and marks it. */
  async runOnce(): Promise<MailRun> {
    const {
      batch = 20,
      maxAttempts = 10,
      leaseSeconds = 300,
      messageDelaySeconds = 60,
      messageWindowSeconds = 600,
    } = this.options;
    const delay = sql`make_interval(secs => ${messageDelaySeconds})`;
    const window = sql`make_interval(secs => ${messageWindowSeconds})`;
    // Message mails that must wait (for their first minute, or for the conversation's window)
    // are put off until then, so that a poll does not look at them again and again. The claim
    // below checks the same, for a row enqueued in between.
    await this.db.execute(sql`
      update outbox o set next_attempt_at = w.until
      from (
        select p.id, greatest(p.created_at + ${delay},
          (select max(l.sent_at) from outbox l
           where l.kind = 'message' and l.ref = p.ref and l.to_email = p.to_email
             and l.sent_at is not null) + ${window}) as until
        from outbox p
        where p.kind = 'message' and p.sent_at is null and p.given_up_at is null
          and p.next_attempt_at <= now()
      ) w
      where o.id = w.id and w.until > now()
        and o.sent_at is null and o.next_attempt_at <= now()`);
    const claimed = rowsOf<OutboxRow>(
      await this.db.execute(sql`
        update outbox set attempts = outbox.attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
        from (
          select id from outbox
          where sent_at is null and attempts < ${maxAttempts} and next_attempt_at <= now()
            and (kind is distinct from 'message' or (
              created_at <= now() - ${delay}
              and not exists (
                select 1 from outbox last
                where last.kind = 'message' and last.ref = outbox.ref
                  and last.to_email = outbox.to_email and last.sent_at is not null
                  and last.sent_at > now() - ${window})))
          -- The due index's order alone: a tie-break by id would sort every due row each time
          -- (a day's 20,000 digests are due at once).
          order by next_attempt_at
          limit ${batch}
          for update skip locked
        ) due
        where outbox.id = due.id
        returning outbox.id, outbox.to_email, outbox.subject, outbox.body, outbox.kind,
          outbox.ref, outbox.message_ids, outbox.user_id, outbox.attempts`),
    ).sort((a, b) => (a.id < b.id ? -1 : 1));

    // The batch's alerts, read in one query (a day's digests are many mails at once).
    const prefetched = await this.composer.prefetch(this.db, claimed);
    const run: MailRun = { sent: 0, failed: 0 };
    const deadline = Date.now() + (leaseSeconds * 1000) / 2;
    for (const [index, row] of claimed.entries()) {
      if (this.stopping || Date.now() > deadline) {
        // Stopping, or sending is slow: give the rest back (before their lease runs out).
        await this.release(claimed.slice(index));
        break;
      }
      let mail: Mail | null, quotes: string[];
      try {
        ({ mail, messageIds: quotes } = await this.mailOf(row, prefetched));
        if (mail) await this.transport.send(mail);
      } catch (error) {
        run.failed += 1;
        await this.failed(row, error);
        continue;
      }
      if (mail) await this.options.afterSend?.(mail);
      await this.sent(row, quotes, mail !== null);
      if (mail) run.sent += 1;
    }
    return run;
  }

  /**
   * Marks a row sent. Messages that folded into it after it was composed were not in the mail:
   * they move to a new row, which waits for the end of the conversation's window. An alert mail
   * sent leaves a row behind that is due when its window ends: alerts of the same target fold
   * into it meanwhile (the trigger's ON CONFLICT), so they make one mail then (and a window that
   * passes with none makes no mail).
   */
  private async sent(row: OutboxRow, quoted: string[], mailed: boolean): Promise<void> {
    if (row.kind !== 'message' && row.kind !== 'alert') {
      // Nothing folds into it: one statement (a day's digests are many of these).
      await this.db.execute(
        sql`update outbox set sent_at = now(), last_error = null where id = ${row.id}`,
      );
      return;
    }
    await this.db.transaction(async (tx) => {
      const [marked] = rowsOf<{ message_ids: string[] | null }>(
        await tx.execute(sql`
          update outbox set sent_at = now(), last_error = null where id = ${row.id}
          returning message_ids`),
      );
      const rest = (marked?.message_ids ?? []).filter((id) => !quoted.includes(id));
      if (row.kind === 'alert' && (mailed || rest.length > 0)) {
        const window = mailed ? (this.options.alertWindowSeconds ?? 600) : 0;
        const ids = sql.join(
          rest.map((id) => sql`${id}`),
          sql`, `,
        );
        await tx.execute(sql`
          insert into outbox as o (id, to_email, kind, ref, message_ids, user_id, next_attempt_at)
          values (${newId()}, ${row.to_email}, 'alert', ${row.ref}, array[${ids}]::text[], ${row.user_id},
                  now() + make_interval(secs => ${window}))
          on conflict (ref, user_id) where kind = 'alert' and sent_at is null and given_up_at is null
          do update set message_ids = excluded.message_ids || o.message_ids,
            next_attempt_at = greatest(o.next_attempt_at, excluded.next_attempt_at)`);
        return;
      }
      if (row.kind !== 'message' || rest.length === 0) return;
      const list = sql.join(
        rest.map((id) => sql`${id}`),
        sql`, `,
      );
      await tx.execute(sql`
        insert into outbox as o (id, to_email, kind, ref, message_ids, user_id, created_at)
        values (${newId()}, ${row.to_email}, 'message', ${row.ref}, array[${list}]::text[],
                ${row.user_id}, now() - make_interval(secs => ${this.options.messageDelaySeconds ?? 60}))
        on conflict (ref, to_email) where kind = 'message' and sent_at is null and given_up_at is null
        do update set message_ids = excluded.message_ids || o.message_ids`);
    });
  }

  /** Runs now and then every `pollMs`, and whenever a notification is committed. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    if (this.options.listen) {
      this.unlisten = await this.options.listen(EVENTS_CHANNEL, () => this.wake());
    }
    this.loop = this.poll();
  }

  /** Finishes the mail in hand (the rest of its batch goes back to the queue), then stops. */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopping = true;
    this.wake();
    await this.unlisten?.();
    this.unlisten = null;
    await this.loop;
    this.transport.close?.();
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async poll(): Promise<void> {
    const { batch = 20, pollMs = 2000 } = this.options;
    while (this.running) {
      this.woken = false;
      let run: MailRun = { sent: 0, failed: 0 };
      try {
        run = await this.runOnce();
      } catch (error) {
        this.options.log?.warn({ err: error }, 'e-mail: the outbox could not be read or marked');
      }
      // A full batch: more may be due. Woken while sending: a new mail is waiting.
      if (!this.running || this.woken || run.sent + run.failed >= batch) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /** The row's mail (null: nothing left to tell, its messages are gone) and what it quotes. */
  private async mailOf(
    row: OutboxRow,
    prefetched: Prefetched,
  ): Promise<{ mail: Mail | null; messageIds: string[] }> {
    if (!PLAIN_ADDRESS.test(row.to_email)) {
      throw new Undeliverable('recipient: not a single plain e-mail address');
    }
    const envelope = { id: row.id, from: this.options.from, to: row.to_email };
    const messageId = messageIdOf(row.id);
    if (!row.kind) {
      // Enqueued before mails were composed here, finished then: the booking page's path needs the
      // origin.
      const body = (row.body ?? '').replace(/(^|\s)\/(?=dashboad\/)/g, `$1${this.options.origin}/`);
      return {
        mail: { ...envelope, subject: row.subject ?? 'CarDealer', text: body, messageId },
        messageIds: [],
      };
    }
    // A composed mail is for an account: one deleted before it was sent (the foreign key emptied
    // user_id) gets nothing, whoever has its e-mail now.
    if (!row.user_id) throw new Undeliverable('recipient: the account was deleted');
    const { kind } = row;
    const composed = await this.composer.compose(
      this.db,
      { ...row, kind, user_id: row.user_id },
      this.options.origin,
      prefetched,
    );
    if (!composed) return { mail: null, messageIds: row.message_ids ?? [] };
    const { subject, text, messageIds, headers } = composed;
    return { mail: { ...envelope, subject, text, messageId, headers }, messageIds };
  }

  private async failed(row: OutboxRow, error: unknown): Promise<void> {
    const { maxAttempts = 10, retrySeconds = 5 } = this.options;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const last = row.attempts >= maxAttempts || error instanceof Undeliverable;
    // A message row given up leaves the pending index: later messages start a new mail.
    await this.db.execute(sql`
      update outbox set last_error = ${reason},
        next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts, retrySeconds)}),
        given_up_at = ${last ? sql`now()` : sql`null`}
      where id = ${row.id} and sent_at is null`);
    if (last) {
      this.options.log?.warn(
        { outboxId: row.id, attempts: row.attempts, err: error },
        'e-mail: given up after the last attempt; the row stays in the outbox with its error',
      );
    }
  }

  /** Gives claimed rows back unsent, as if never tried. */
  private async release(rows: OutboxRow[]): Promise<void> {
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    await this.db.execute(sql`
      update outbox set next_attempt_at = now(), attempts = attempts - 1
      where id in ${ids} and sent_at is null`);
  }
}
