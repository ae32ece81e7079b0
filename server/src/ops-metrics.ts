/**
 * The gauges an operator reads beside the requests (platform/ops/request-telemetry.ts): each is
 * read when Prometheus scrapes, by a cheap query (an index or a small table) bounded by the
 * scrape's timeout, never on a request's path. The outbox's depth and its oldest due mail, mail
 * that failed, the alert matcher's queue, the database pool, the live streams, and on PostgreSQL
 * with standbys attached the standbys' replay lag, and the age of the newest backup.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './platform/db/client';
import { rowsOf } from './platform/db/rows';
import { backupAgeSeconds } from './platform/ops/backups';

interface OutboxRow {
  pending: number | string;
  due: number | string;
  oldest_due_seconds: number | string | null;
  failing: number | string;
  given_up: number | string;
}

const num = (value: number | string | null | undefined) => Number(value ?? 0);

/** Adds the scrape-time gauges of `database` and `app` to `app.metrics`. */
export function addOperatorMetrics(app: FastifyInstance, database: Database): void {
  const { metrics } = app;
  // One query for the outbox's gauges, shared by the scrape's collectors.
  let outbox: Promise<OutboxRow> | null = null;
  const readOutbox = () =>
    (outbox ??= rowsOf<OutboxRow>(
      database.db,
      sql`select
            count(*) filter (where sent_at is null and given_up_at is null) as pending,
            count(*) filter (where sent_at is null and given_up_at is null
                             and next_attempt_at <= now()) as due,
            extract(epoch from now() - min(next_attempt_at) filter (
              where sent_at is null and given_up_at is null and next_attempt_at <= now()))
              as oldest_due_seconds,
            count(*) filter (where sent_at is null and given_up_at is null
                             and last_error is not null) as failing,
            count(*) filter (where given_up_at is not null) as given_up
          from outbox where sent_at is null`,
    )
      .then((rows) => rows[0])
      .finally(() => setImmediate(() => (outbox = null))));

  metrics.gauge(
    'cardealer_outbox_pending',
    'Mails waiting to be sent (due now or later)',
    [],
    async () => [{ value: num((await readOutbox()).pending) }],
  );
  metrics.gauge('cardealer_outbox_due', 'Mails due now and not sent yet', [], async () => [
    { value: num((await readOutbox()).due) },
  ]);
  metrics.gauge(
    'cardealer_outbox_oldest_due_seconds',
    'How long the oldest due mail has waited (0: none due)',
    [],
    async () => [{ value: num((await readOutbox()).oldest_due_seconds) }],
  );
  metrics.gauge(
    'cardealer_mail_failures',
    'Mails whose last try failed: state=retrying (tried again later) or given_up',
    ['state'],
    async () => {
      const row = await readOutbox();
      return [
        { labels: { state: 'retrying' }, value: num(row.failing) },
        { labels: { state: 'given_up' }, value: num(row.given_up) },
      ];
    },
  );
  metrics.gauge(
    'cardealer_alert_queue',
    "Catalogue changes waiting for the alert matcher (what=depth) and the oldest's age (what=oldest_seconds)",
    ['what'],
    async () => {
      const [row] = await rowsOf<{ depth: number | string; oldest: number | string | null }>(
        database.db,
        sql`select count(*) as depth, extract(epoch from now() - min(at)) as oldest from alert_work`,
      );
      return [
        { labels: { what: 'depth' }, value: num(row.depth) },
        { labels: { what: 'oldest_seconds' }, value: num(row.oldest) },
      ];
    },
  );
  metrics.gauge(
    'cardealer_backup_age_seconds',
    'Seconds since the newest backup (npm run backup) began; +Inf when none was ever taken',
    [],
    async () => [{ value: await backupAgeSeconds(database.db) }],
  );
  metrics.gauge('cardealer_live_streams', 'Live event streams open on this process', [], () => [
    { value: app.openStreams.size },
  ]);
  const poolUse = database.poolUse;
  if (poolUse) {
    metrics.gauge(
      'cardealer_db_pool',
      'The primary connection pool: state=max, open, idle, or waiting (queries queued for one)',
      ['state'],
      () => {
        const use = poolUse();
        return (['max', 'open', 'idle', 'waiting'] as const).map((state) => ({
          labels: { state },
          value: use[state],
        }));
      },
    );
  }
  if (database.kind === 'postgres') {
    metrics.gauge(
      'cardealer_standby_lag_seconds',
      "Each streaming standby's replay lag as the primary reports it (none without standbys)",
      ['standby'],
      async () => {
        const rows = await rowsOf<{ name: string; lag: number | string | null }>(
          database.db,
          sql`select coalesce(application_name, client_addr::text, 'standby') as name,
                     coalesce(extract(epoch from replay_lag), 0) as lag
              from pg_stat_replication`,
        );
        return rows.map((row) => ({ labels: { standby: row.name }, value: num(row.lag) }));
      },
    );
  }
}
