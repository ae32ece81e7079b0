/**
 * The daily digest: once a UTC day, at or after `ALERT_DIGEST_HOUR`, one e-mail per
 * person listing the alerts they asked to get that way (`mail = 'digest'`) that no digest has
 * carried yet. Every replica runs this (each minute, and once at start); the claim keeps it once:
 *
 * In one transaction, people with such alerts are claimed by moving their `alert_settings.
 * digest_day` to today (`INSERT … ON CONFLICT DO UPDATE … WHERE digest_day IS DISTINCT FROM
 * today AND digest`: a second replica's statement waits for the first and then finds the day
 * already moved, so it claims nobody), and for each one claimed an outbox row of kind 'digest' is
 * written (its id `digest-<day>-<account>`, so its Message-ID is the same on a repeat) and the
 * alerts it carries get its id (`digest_id`). A run killed mid-way rolls back: the alerts wait for
 * the next run. Nobody new: no row, no mail. The mail worker composes and sends the rows
 * (digest-mail.ts), at least once, as every outbox mail.
 *
 * A digest carries the alerts of the last two days (`maxAgeHours`): enough for a day whose
 * digest was missed (every replica down at the hour and after). Older alerts never go by mail:
 * the run marks them `mail = 'none'`, as it does the alerts of deleted accounts. While a person's
 * digest is off, their alerts wait unmailed; turned on again, the next digest carries the ones
 * still within the two days.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';

export interface DigestOptions {
  /** The UTC hour (0–23) from which the day's digests go. */
  hour: number;
  /** The clock (tests set it). */
  now?: () => Date;
  /** How often it looks (60,000 ms). */
  pollMs?: number;
  /** Alerts older than this never go in a digest (48 h). */
  maxAgeHours?: number;
  log?: { warn(details: object, message: string): void };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The UTC day of a time, YYYY-MM-DD. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export class DigestScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: DigestOptions,
  ) {}

  /** Enqueues the digests due now (none before the hour); answers how many. */
  async runOnce(): Promise<number> {
    const now = (this.options.now ?? (() => new Date()))();
    if (now.getUTCHours() < this.options.hour) return 0;
    const today = utcDay(now);
    const since = new Date(now.getTime() - (this.options.maxAgeHours ?? 48) * 3600_000);
    return this.db.transaction(async (tx) => {
      // Alerts no digest will carry leave the waiting ones (and their index).
      await tx.execute(sql`
        update notifications set mail = 'none'
        where mail = 'digest' and digest_id is null
          and (created_at < ${since.toISOString()} or user_id is null)`);
      const [done] = rowsOf<{ n: number }>(
        await tx.execute(sql`
          with due as (
            select distinct user_id from notifications
            where mail = 'digest' and digest_id is null and user_id is not null
            -- One order for every replica: their claims wait for each other, never deadlock.
            order by user_id
          ),
          claimed as (
            insert into alert_settings as a (user_id, digest_day)
            select user_id, ${today} from due
            on conflict (user_id) do update set digest_day = excluded.digest_day
              where a.digest_day is distinct from excluded.digest_day and a.digest
            returning a.user_id
          ),
          carried as (
            select c.user_id, u.email, array_agg(n.id order by n.created_at, n.id) as ids
            from claimed c
            join users u on u.id = c.user_id
            join notifications n on n.user_id = c.user_id
              and n.mail = 'digest' and n.digest_id is null
            group by c.user_id, u.email
          ),
          mails as (
            insert into outbox (id, to_email, kind, message_ids, user_id)
            select 'digest-' || ${today} || '-' || user_id, email, 'digest', ids, user_id
            from carried
            on conflict (id) do nothing
            returning id, message_ids
          ),
          marked as (
            update notifications n set digest_id = m.id
            from (select id, unnest(message_ids) as alert from mails) m
            where n.id = m.alert
            returning 1
          )
          select (select count(*) from mails)::int as n, (select count(*) from marked)::int`),
      );
      return done?.n ?? 0;
    });
  }

  /** Runs now and every `pollMs` (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    const tick = () => {
      // A run still going (a big day's digests): this tick is skipped.
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: unknown) =>
          this.options.log?.warn({ err: error }, 'digest: this run failed; the next one retries'),
        )
        .finally(() => (this.running = null));
    };
    tick();
    this.timer = setInterval(tick, this.options.pollMs ?? 60_000);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in hand. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
