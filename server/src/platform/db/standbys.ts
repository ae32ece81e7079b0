/**
 * The streaming standbys of `DATABASE_READ_URL`, as one server process sees them: which are in
 * use, how far each has replayed the primary's WAL, and what the catalogue's reads need of them.
 *
 * - **In use or out.** A monitor (every second) asks each standby how far it has replayed
 *   (`pg_last_wal_replay_lsn()`) and the primary where it is (`pg_current_wal_insert_lsn()`). A standby
 *   that does not answer, is not in recovery (promoted), or is more than 5 s behind (its replay
 *   is below the primary's position of 5 s ago) is taken out of use; it comes back once a later
 *   check finds it caught up with the primary. A read whose connection to it fails takes it out
 *   too (standby-reads.ts).
 * - **Promoted.** A standby that answers but is no longer in recovery has just been promoted (a
 *   failover): out of use, but while no primary answers it is a source of reads of its own
 *   (`fallbacks`), as the new primary it holds every commit, until a check finds it gone.
 * - **Fresh reads.** A read goes to a standby only if it is known to have replayed `required`:
 *   the primary's position when this process last heard a catalogue notice (or finished a
 *   catalogue write), and at least its position of a second ago, in case a notice was missed.
 *   While that position is being read, and when no standby has it, the read goes to the primary.
 * - **The write barrier.** A catalogue write's answer waits (`afterWrite`, at most 1 s) until
 *   every standby in use has replayed the primary's position read after the write; one that has
 *   not is taken out of use until it has.
 */
import type { Pool, QueryConfig } from 'pg';
import {
  CHECK_TIMEOUT_MS,
  formatLsn,
  messageOf,
  nameOf,
  parseLsn,
  sleep,
  standbyPools,
  within,
} from './standby-helpers';

/** How long a catalogue write waits at most for the standbys to replay it (ms). */
export const STANDBY_WAIT_MS = 1000;
/** A standby further behind the primary than this (ms) is taken out of use. */
export const STANDBY_MAX_LAG_MS = 5000;
/** How often each process checks its standbys (ms). */
export const STANDBY_CHECK_MS = 1000;
/** How often a waiting write asks again (ms). */
const POLL_MS = 3;
/** The least time between two checks a read asks for (ms). */
const READ_CHECK_SPACING_MS = 2;
/**
 * A read that every source refused (no primary, no standby) tries them once more after this
 * (ms): a failover's gap between HAProxy's checks (patroni-config.ts checks a node that is down
 * every 250 ms).
 */
export const READ_RETRY_MS = 250;

/** What the standbys log (a Fastify or pino logger fits). */
export interface StandbyLog {
  info(message: string): void;
  warn(message: string): void;
}

/** One standby as this process sees it. */
export interface Standby {
  /** host:port/database (never the password), for the logs. */
  readonly name: string;
  readonly pool: Pool;
  /**
   * The monitor's own connection: checks never wait in the reads' queue, where a burst of slow
   * reads would make a busy standby look dead.
   */
  readonly monitor: Pool;
  inUse: boolean;
  /** Why it is out of use; null while in use. */
  reason: string | null;
  /** Its replay position at its last answer (-1: none yet). */
  replayed: bigint;
  /** Out of use until it has replayed this (and caught up with the primary). */
  outUntil: bigint;
  checking: Promise<bigint | null> | null;
  lastCheck: number;
  /** Queries it answered. */
  reads: number;
  /** Its last check found it answering but not in recovery: promoted, the new primary. */
  promoted: boolean;
}

export interface StandbyStatus {
  name: string;
  inUse: boolean;
  reason: string | null;
  replayLsn: string | null;
  reads: number;
}

export interface StandbyOptions {
  /** Connections per standby (as DATABASE_POOL_SIZE for the primary). */
  poolSize?: number;
  /** More behind than this (ms) takes a standby out (default 5000). */
  maxLagMs?: number;
  /** Checks every this (ms; default 1000). */
  checkMs?: number;
  /** A catalogue write waits at most this (ms; default 1000). */
  waitMs?: number;
  /** A read every source refused tries again after this (ms; default 250, standby-reads.ts). */
  retryMs?: number;
}

const quiet: StandbyLog = { info: () => undefined, warn: () => undefined };

export class Standbys {
  readonly list: Standby[];
  private required = 0n;
  /** Notices whose primary position is being read: reads go to the primary meanwhile. */
  private pending = 0;
  /** The primary could not say where it was at a notice: reads go to it until it can. */
  private unknown = false;
  /** The primary's position at each check, oldest first (back to the lag limit). */
  private samples: { at: number; lsn: bigint }[] = [];
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;
  private log: StandbyLog = quiet;
  private readonly maxLagMs: number;
  private readonly checkMs: number;
  private readonly waitMs: number;
  /** A read every source refused tries again after this (ms). */
  readonly retryMs: number;

  constructor(
    private readonly primary: Pool,
    urls: string[],
    options: StandbyOptions = {},
  ) {
    this.maxLagMs = options.maxLagMs ?? STANDBY_MAX_LAG_MS;
    this.checkMs = options.checkMs ?? STANDBY_CHECK_MS;
    this.waitMs = options.waitMs ?? STANDBY_WAIT_MS;
    this.retryMs = options.retryMs ?? READ_RETRY_MS;
    this.list = urls.map((url) => {
      const standby: Standby = {
        name: nameOf(url),
        ...standbyPools(url, options.poolSize ?? 10),
        // Out until the first check finds it caught up.
        inUse: false,
        reason: 'not checked yet',
        replayed: -1n,
        outUntil: 0n,
        checking: null,
        lastCheck: 0,
        reads: 0,
        promoted: false,
      };
      // A connection lost (the standby stopped), idle or checked out: unheard, it ends the process.
      for (const pool of [standby.pool, standby.monitor]) {
        pool.on('error', (error) => this.takeOut(standby, `connection lost (${error.message})`));
        pool.on('connect', (client) => client.on('error', () => undefined));
      }
      return standby;
    });
  }

  /** Checks every standby once, then every second (the timer does not keep the process up). */
  async start(): Promise<void> {
    await this.tick();
    if (this.closed) return;
    this.timer = setInterval(() => void this.tick(), this.checkMs);
    this.timer.unref();
  }

  /** Where transitions (out of use, back in use) are logged from now on. */
  useLog(log: StandbyLog): void {
    this.log = log;
  }

  /**
   * A standby in use that is known to have replayed everything this process has heard of, in
   * turn; null: read the primary. A standby in use but not known to be that far is asked again
   * (at most one check at a time), so the reads after a change return to it within a moment.
   */
  pick(): Standby | null {
    if (this.pending > 0 || this.unknown) return null;
    const count = this.list.length;
    for (let i = 0; i < count; i += 1) {
      const index = (this.next + i) % count;
      const standby = this.list[index]!;
      if (!standby.inUse) continue;
      if (standby.replayed >= this.required) {
        this.next = (index + 1) % count;
        return standby;
      }
      if (!standby.checking && Date.now() - standby.lastCheck >= READ_CHECK_SPACING_MS) {
        void this.check(standby);
      }
    }
    return null;
  }

  /** Takes `standby` out of use until it has replayed `until` and caught up with the primary. */
  takeOut(standby: Standby, reason: string, until = 0n): void {
    if (until > standby.outUntil) standby.outUntil = until;
    // Failing now: no source of reads either until a check finds it promoted again.
    standby.promoted = false;
    standby.reason = reason;
    if (!standby.inUse) return;
    standby.inUse = false;
    this.log.warn(`standby ${standby.name} out of use: ${reason}`);
  }

  /**
   * Where a read goes while no primary answers: the standbys in use, then those just promoted
   * (a failover: the new primary, reached before HAProxy's port of the primary has it).
   */
  fallbacks(): Standby[] {
    return [
      ...this.list.filter((standby) => standby.inUse),
      ...this.list.filter((standby) => !standby.inUse && standby.promoted),
    ];
  }

  /**
   * A catalogue notice was heard (call it at once, before the notice is acknowledged): reads go
   * to the primary until its current position is known, then to standbys that have replayed it.
   * Never rejects.
   */
  noticeHeard(): Promise<void> {
    if (this.list.length === 0) return Promise.resolve();
    this.pending += 1;
    return this.primaryLsn()
      .then(
        (lsn) => this.raise(lsn),
        () => {
          this.unknown = true;
        },
      )
      .finally(() => {
        this.pending -= 1;
      });
  }

  /**
   * The barrier of a catalogue write (its answer waits for this): reads the primary's position,
   * then waits until every standby in use has replayed it, at most 1 s; those that have not by
   * then are taken out of use until they have. Never rejects.
   */
  async afterWrite(): Promise<void> {
    if (this.list.length === 0) return;
    const deadline = Date.now() + this.waitMs;
    let target: bigint;
    try {
      target = await this.primaryLsn();
    } catch {
      // The primary cannot say where it is: no read goes to a standby until it can.
      this.unknown = true;
      return;
    }
    this.raise(target);
    for (;;) {
      const behind = this.list.filter((standby) => standby.inUse && standby.replayed < target);
      if (behind.length === 0) return;
      const left = deadline - Date.now();
      if (left <= 0) {
        for (const standby of behind) {
          this.takeOut(
            standby,
            `had not replayed a catalogue write (${formatLsn(target)}) within ${this.waitMs} ms`,
            target,
          );
        }
        return;
      }
      await within(Promise.all(behind.map((standby) => this.check(standby))), left);
      if (behind.some((standby) => standby.inUse && standby.replayed < target)) {
        await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
      }
    }
  }

  status(): StandbyStatus[] {
    return this.list.map((standby) => ({
      name: standby.name,
      inUse: standby.inUse,
      reason: standby.reason,
      replayLsn: standby.replayed < 0n ? null : formatLsn(standby.replayed),
      reads: standby.reads,
    }));
  }

  /** Stops the checks and closes the standbys' connections. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await Promise.all(
      this.list.flatMap((standby) =>
        [standby.pool, standby.monitor].map((pool) => pool.end().catch(() => undefined)),
      ),
    );
  }

  private raise(lsn: bigint): void {
    if (lsn > this.required) this.required = lsn;
  }

  private async primaryLsn(): Promise<bigint> {
    const result = await this.primary.query<{ lsn: string }>(
      // The insert position: with asynchronous commit the write position can be short of a
      // commit already visible (its notice heard) on the primary.
      'select pg_current_wal_insert_lsn()::text as lsn',
    );
    return parseLsn(result.rows[0]!.lsn);
  }

  /** Asks `standby` how far it has replayed (one question at a time); null: it did not say. */
  private check(standby: Standby): Promise<bigint | null> {
    standby.checking ??= (async () => {
      try {
        // node-postgres reads a query's own `query_timeout` (its types know only the client's).
        const question = {
          text: 'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn',
          query_timeout: CHECK_TIMEOUT_MS,
        };
        const result = await standby.monitor.query<{ recovery: boolean; lsn: string | null }>(
          question as QueryConfig,
        );
        const row = result.rows[0];
        if (row && !row.recovery) {
          this.takeOut(standby, 'promoted (not in recovery)');
          standby.promoted = true;
          return null;
        }
        if (!row?.lsn) throw new Error('not a standby (no replay position)');
        standby.promoted = false;
        const replayed = parseLsn(row.lsn);
        if (replayed < standby.replayed) {
          // Restarted since the last check: it replays again from its last checkpoint, behind
          // what it had shown, until it is back there.
          this.takeOut(standby, 'restarted (its replay went back)', standby.replayed);
        }
        standby.replayed = replayed;
        return replayed;
      } catch (error) {
        this.takeOut(standby, `not answering (${messageOf(error)})`);
        return null;
      } finally {
        standby.checking = null;
        standby.lastCheck = Date.now();
      }
    })();
    return standby.checking;
  }

  /** One round of the monitor (never two at once). */
  private tick(): Promise<void> {
    this.ticking ??= this.checkAll().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async checkAll(): Promise<void> {
    if (this.closed) return;
    const now = Date.now();
    const primary = await this.primaryLsn().catch(() => null);
    if (primary !== null) {
      const previous = this.samples.at(-1);
      this.samples.push({ at: now, lsn: primary });
      // A notice missed (a listener reconnecting) leaves reads at most about a second behind;
      // the first check has no earlier position, so reads wait for the one of now.
      this.raise(previous ? previous.lsn : primary);
      if (this.unknown) {
        this.raise(primary);
        this.unknown = false;
      }
    }
    // The newest position at least the lag limit old: a standby below it is too far behind.
    const old = this.samples.filter((sample) => sample.at <= now - this.maxLagMs);
    const limit = old.at(-1);
    if (limit) this.samples = this.samples.slice(this.samples.indexOf(limit));
    // Caught up: at the primary's position of the check before (under a steady stream of writes
    // a standby is always a few milliseconds behind the newest), and past what it was taken out for.
    const caughtUp = this.samples.at(-2)?.lsn ?? primary;
    await Promise.all(
      this.list.map(async (standby) => {
        const replayed = await this.check(standby);
        if (replayed === null || this.closed) return;
        if (standby.inUse) {
          if (limit && replayed < limit.lsn) {
            this.takeOut(standby, `more than ${this.maxLagMs / 1000} s behind the primary`);
          }
        } else if (
          primary !== null &&
          caughtUp !== null &&
          replayed >= caughtUp &&
          replayed >= standby.outUntil
        ) {
          standby.inUse = true;
          standby.reason = null;
          this.log.info(`standby ${standby.name} in use (replayed ${formatLsn(replayed)})`);
        }
      }),
    );
  }
}
