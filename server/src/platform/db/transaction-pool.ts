/**
 * The primary's handle for Drizzle (client.ts): the `pg` Pool's `query`, and `connect()` for a
 * transaction whose connection goes back to the pool when the transaction cannot even begin.
 *
 * Drizzle's node-postgres session sends `begin` on the connection it took before entering the
 * try/finally that gives the connection back. A `begin` that fails (the connection was lost
 * between being pooled and being used: a restart, a failover, connections ended by the server)
 * would leave that connection checked out for good: the pool counts it for ever, a handful of
 * them during an outage fill the pool so that no query runs again, and `end()` waits on them.
 */
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';

/** Whether a statement opens a transaction (Drizzle's `begin`, with or without its options). */
const BEGINS = /^\s*(begin|start\s+transaction)\b/i;

const textOf = (config: string | QueryConfig) =>
  typeof config === 'string' ? config : config.text;

/**
 * `client`, as Drizzle uses it (`query`, `release`), given back to its pool, as lost, when a
 * statement that opens a transaction fails; a later `release()` is then a no-op.
 */
export function releasedIfBeginFails(client: PoolClient): PoolClient {
  let released = false;
  const release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.release(error);
  };
  const query = async (config: string | QueryConfig, values?: unknown[]) => {
    try {
      return await client.query(config, values);
    } catch (error) {
      if (BEGINS.test(textOf(config))) release(error instanceof Error ? error : true);
      throw error;
    }
  };
  // Drizzle calls only these two; the rest of the client stays as it is.
  return Object.assign(Object.create(client) as PoolClient, { query, release });
}

/**
 * The primary's pool for Drizzle. Its class name ends in "Pool": Drizzle opens a transaction
 * with `connect()` only on a client it takes for a pool.
 */
export class TransactionSafePool {
  constructor(private readonly pool: Pool) {}

  query(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult> {
    return this.pool.query(config, values);
  }

  async connect(): Promise<PoolClient> {
    return releasedIfBeginFails(await this.pool.connect());
  }
}
