/**
 * The catalogue's read handle on PostgreSQL with standbys: an object with the `pg` Pool's
 * `query`, given to Drizzle as a database of its own (client.ts), that sends each query to a
 * standby in use that is fresh enough (standbys.ts), else to the primary. A query whose standby
 * fails it for the standby's sake (its connection refused or lost, the standby shutting down or
 * starting, a conflict with recovery) runs again on the primary, so no read fails because a
 * standby died; a failure of the query itself (bad input) is the caller's, as on the primary.
 * While no primary answers, a read that went to the primary runs on a standby still in use.
 * A transaction (`connect()`) always runs on the primary: Drizzle opens one with `connect()` when
 * its client's class is named like a Pool, as this one is.
 */
import { DatabaseError, type Pool, type QueryConfig, type QueryResult } from 'pg';
import { messageOf, type Standby, type Standbys } from './standbys';
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

export class StandbyReadPool {
  constructor(
    private readonly primary: Pool,
    private readonly standbys: Standbys,
  ) {}

  async query(config: string | QueryConfig, values?: unknown[]): Promise<QueryResult> {
    const standby = this.standbys.pick();
    if (standby) {
      try {
        return await this.onStandby(standby, config, values);
      } catch (error) {
        const failure = standbyFailure(error);
        if (!failure) throw error;
        if (failure === 'out')
          this.standbys.takeOut(standby, `a read failed (${messageOf(error)})`);
      }
    }
    try {
      return await this.primary.query(config, values);
    } catch (error) {
      // No primary answers (it died and no standby is promoted yet): a standby still in use
      // answers, perhaps a moment behind, rather than the read failing.
      const fallback = isDatabaseUnavailable(error)
        ? this.standbys.list.find((one) => one.inUse)
        : undefined;
      if (!fallback) throw error;
      return this.onStandby(fallback, config, values);
    }
  }

  /** A transaction: on the primary. */
  connect() {
    return this.primary.connect();
  }

  private async onStandby(standby: Standby, config: string | QueryConfig, values?: unknown[]) {
    const result = await standby.pool.query(config, values);
    standby.reads += 1;
    return result;
  }
}
