/**
 * Two waits on a PostgreSQL that archives its WAL (scripts/lib/pgbackrest.ts): the segment being
 * written closed and handed to the archive now, and a restored server open for writes.
 */
import { Client } from 'pg';

/**
 * Closes the WAL segment being written and waits (at most a minute) until the archiver has
 * handed it to pgBackRest: what `archive_timeout` does within a minute, now.
 */
export async function archiveNow(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ wal: string }>(
      'select pg_walfile_name(pg_switch_wal()) as wal',
    );
    const deadline = Date.now() + 60_000;
    const question =
      'select coalesce(last_archived_wal >= $1, false) as done from pg_stat_archiver';
    while (!(await client.query<{ done: boolean }>(question, [rows[0]!.wal])).rows[0]?.done) {
      if (Date.now() > deadline) throw new Error('the WAL was not archived within a minute');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await client.end();
  }
}

/** Waits until the primary accepts writes (its recovery ended), for at most `ms`. */
export async function waitUntilWritable(url: string, ms = 300_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const client = new Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ recovering: boolean }>(
        'select pg_is_in_recovery() as recovering',
      );
      if (!rows[0]?.recovering) return;
    } catch {
      // Still starting.
    } finally {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) {
      throw new Error(`the primary did not open for writes within ${ms / 1000} s: see its log`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The timeline the server at `url` writes on now (the first 8 hexadecimal digits of its WAL). */
export async function currentTimeline(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ wal: string }>(
      'select pg_walfile_name(pg_current_wal_lsn()) as wal',
    );
    return parseInt(rows[0]!.wal.slice(0, 8), 16);
  } finally {
    await client.end();
  }
}
