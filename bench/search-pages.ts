/**
 * The pages (8 KB buffers, from PostgreSQL's memory or from disk) one request of a bench reads:
 * pg_stat_database's blocks hit and read in the bench's database before and after a few
 * requests, less what the idle server reads in as long (its queues' polls). Unlike a time, the
 * count does not grow with the load of a shared machine. A backend reports its counts once it
 * has been idle for up to 10 s, so each reading waits a little longer than that first. The
 * database's counts include autovacuum's (after a seed it reads whole tables for minutes): a
 * count waits until no autovacuum worker is in the database, and one with a worker there at its
 * end is taken again.
 */
import { Client } from 'pg';

/** Longer than a backend waits, idle, to report its counts (PGSTAT_IDLE_INTERVAL, 10 s). */
const SETTLE_MS = 11_000;
/** Requests per count. */
const REQUESTS = 10;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

export interface PageCounter {
  /** The pages one call of `get` reads, on average over a few calls. */
  perRequest(get: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

/** A counter of the pages read in the database of `url` (PostgreSQL only). */
export async function pageCounter(url: string): Promise<PageCounter> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const vacuuming = async () => {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
        where backend_type = 'autovacuum worker' and datname = current_database()`,
    );
    return Number(result.rows[0]?.n ?? 0) > 0;
  };
  const untilNotVacuuming = async () => {
    while (await vacuuming()) await settle();
  };
  const pagesSoFar = async () => {
    await settle();
    const result = await client.query<{ n: string }>(
      `select blks_hit + blks_read as n from pg_stat_database where datname = current_database()`,
    );
    return Number(result.rows[0]?.n ?? 0);
  };
  // What the idle server (and these readings) read in one window.
  await untilNotVacuuming();
  const before = await pagesSoFar();
  const idle = (await pagesSoFar()) - before;
  return {
    async perRequest(get) {
      for (;;) {
        await untilNotVacuuming();
        const start = await pagesSoFar();
        for (let i = 0; i < REQUESTS; i++) await get();
        const end = await pagesSoFar();
        if (!(await vacuuming())) return Math.max(0, Math.round((end - start - idle) / REQUESTS));
      }
    },
    close: () => client.end(),
  };
}
