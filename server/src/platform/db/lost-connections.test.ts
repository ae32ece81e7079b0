import { sql } from 'drizzle-orm';
import { Client, Pool } from 'pg';
import { TransactionSafePool } from './transaction-pool';
import { buildTestApp, databaseKind, type TestContext } from '../../../test/helper';

/** Ends every other connection to the database `url` names, as a failover or a restart does. */
async function dropConnections(url: string): Promise<number> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

/** The database URL the test app's pool uses (its own database). */
async function databaseUrlOf(ctx: TestContext): Promise<string> {
  const result = await ctx.database.db.execute(sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${(result as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
  return url.toString();
}

describe('connections the database drops', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const ready = () => ctx.app.inject({ method: 'GET', url: '/api/health/ready' });

  if (databaseKind === 'postgres') {
    it('keeps the server up and answering once the database ends its idle connections', async () => {
      // Several pooled connections open and go idle.
      const first = await Promise.all([ready(), ready(), ready(), ready()]);
      expect(first.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await dropConnections(await databaseUrlOf(ctx))).toBeGreaterThan(0);
      // The pool hears of each lost connection (an error event that, unheard, ends the process).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await Promise.all([ready(), ready(), ready(), ready()]);
      expect(after.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
    });

    it("gives a transaction's connection back to the pool when its begin fails (the connection lost)", async () => {
      const url = await databaseUrlOf(ctx);
      const pool = new Pool({ connectionString: url, max: 1, application_name: 'begin-lost' });
      // As the app's pool: a connection lost while checked out fails its next query instead.
      pool.on('connect', (connection) => connection.on('error', () => undefined));
      const client = await new TransactionSafePool(pool).connect();
      const admin = new Client({ connectionString: url });
      await admin.connect();
      try {
        // Waits (up to 5 s) until the connection's server process has ended.
        const { rows } = await admin.query<{ ended: boolean }>(
          `select pg_terminate_backend(pid, 5000) as ended from pg_stat_activity
            where application_name = 'begin-lost'`,
        );
        expect(rows).toEqual([{ ended: true }]);
      } finally {
        await admin.end();
      }
      await expect(client.query('begin')).rejects.toThrow();
      // Given back as lost: the pool holds nothing, opens a new connection, and ends.
      expect(pool.totalCount).toBe(0);
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      client.release();
      await pool.end();
    });
  } else {
    it('answers ready on PGlite, which has no connections to lose', async () => {
      expect((await ready()).statusCode).toBe(200);
    });
  }
});
