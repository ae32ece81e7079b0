/**
 * The catalogue's read handle on PostgreSQL with standbys: an object with the `pg` Pool's
 * `query`, given to Drizzle as a database of its own (client.ts), that sends each query to a
 * standby in use that is fresh enough (standbys.ts), else to the primary. A query whose standby
 * fails it for the standby's sake (its connection refused or lost, the standby shutting down or
 * starting, a conflict with recovery) runs again on the primary, so no read fails because a
 * standby died; a failure of the query itself (bad input) is the caller's, as on the primary.
 *
 * While no primary answers (its connection refused, or lost mid-query), a read that went to the
 * primary runs on another source: a standby still in use, else one just promoted (standbys.ts),
 * which during a failover answers before HAProxy's port of the primary has it. A read that every
 * source refused at once tries them all once more after a moment (HAProxy's next check), then
 * fails as the primary failed it (503 'busy').
 *
 * A transaction (`connect()`: Drizzle opens one with it when its client's class is named like a
 * Pool, as this one is) runs on the primary, or while no primary takes a connection, on one of
 * those sources: the catalogue's transactions only read (a search near a ZIP code, a local page).
 */
import { DatabaseError, type Pool, type PoolClient, type QueryConfig, type QueryResult } from 'pg';
import { messageOf, sleep } from './standby-helpers';
import type { Standby, Standbys } from './standbys';
import { releasedIfBeginFails } from './transaction-pool';
import { isDatabaseUnavailable } from './unavailable';

/**
 * What a standby's failure of a query means: `out` (the standby is unreachable or going away:
 * out of use, and the query runs on the primary), `retry` (this query could not run there now:
 * on the primary, the standby stays in use), or null (the query's own error).
 */
export function standbyFailure(error: unknown): 'out' | 'retry' | null {
  // Every connection of the pool busy for a second: the standby is busy, not gone.
  if (error instanceof Error && /timeout exceeded when trying to connect/.test(error.message)) {
    return 'retry';
  }
  // No answer from the server at all: the connection was refused, lost or timed out.
  if (!(error instanceof DatabaseError)) return 'out';
  const code = error.code ?? '';
  // Connection exceptions, the server shutting down or starting up, too many connections.
  if (/^(08|57P|53)/.test(code)) return 'out';
  // A conflict with recovery, a write sent to a read-only server, a database not replayed yet.
  if (['40001', '40P01', '25006', '3D000'].includes(code)) return 'retry';
  return null;
}

/** Every source refused a read within this (ms): refused at once, worth one more round. */
const REFUSED_AT_ONCE_MS = 1000;

export class StandbyReadPool {
  constructor(
    private readonly primary: Pool,
    private readonly standbys: Standbys,
  ) {}

  async query(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult> {
    const picked = this.standbys.pick();
    if (picked) {
      const answer = await this.onStandbyIfUp(picked, config, values);
      if (answer) return answer;
    }
    const started = Date.now();
    for (let round = 1; ; round += 1) {
      try {
        return await this.primary.query(config, values);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        for (const standby of this.standbys.fallbacks()) {
          if (round === 1 && standby === picked) continue;
          const answer = await this.onStandbyIfUp(standby, config, values);
          if (answer) return answer;
        }
        // Refused after a wait (a silent primary): the wait was the retry.
        if (round === 2 || Date.now() - started > REFUSED_AT_ONCE_MS) throw error;
      }
      await sleep(this.standbys.retryMs);
    }
  }

  /**
   * A transaction: on the primary, or while it takes no connection, on another source; its
   * connection goes back to its pool if the transaction cannot begin (transaction-pool.ts).
   */
  async connect(): Promise<PoolClient> {
    try {
      return releasedIfBeginFails(await this.primary.connect());
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      for (const standby of this.standbys.fallbacks()) {
        const client = await standby.pool.connect().catch(() => null);
        if (client) return releasedIfBeginFails(client);
      }
      throw error;
    }
  }

  /**
   * `standby`'s answer, or null when it failed the query for its own sake (then left out of use
   * if it is gone); the query's own error is the caller's.
   */
  private async onStandbyIfUp(
    standby: Standby,
    config: string | QueryConfig,
    values?: unknown[],
  ): Promise<QueryResult | null> {
    try {
      const result = await standby.pool.query(config, values);
      standby.reads += 1;
      return result;
    } catch (error) {
      const failure = standbyFailure(error);
      if (!failure) throw error;
      if (failure === 'out') this.standbys.takeOut(standby, `a read failed (${messageOf(error)})`);
      return null;
    }
  }
}
