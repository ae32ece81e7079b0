import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { repoRoot } from '../paths';
import { schema } from './schema';
import { StandbyReadPool } from './standby-reads';
import { TransactionSafePool } from './transaction-pool';
import { Standbys, type StandbyOptions } from './standbys';

/** PostgreSQL connections one server process keeps at most, unless DATABASE_POOL_SIZE says. */
export const DEFAULT_POOL_SIZE = 10;
/**
 * How long a query waits at most for a connection to the primary (ms): one being opened to a
 * primary that does not answer (a failover under way), or a free one of a busy pool. It then
 * fails, and its request answers 503 'busy' with `Retry-After` instead of hanging.
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction(…)` callback is given: every statement in it commits together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * The catalogue's reads: a standby in use (DATABASE_READ_URL) when one is fresh enough, else
   * the primary; without standbys the primary itself (`db`).
   */
  readDb: Db;
  /** The standbys of DATABASE_READ_URL; absent without any (and on PGlite). */
  standbys?: Standbys;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` (from any process on this database, once
   * the notifying transaction commits), and `onGap` each time a lost connection listens again,
   * with how long (ms) no connection may have listened: what was sent then was not heard.
   * Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: (ms: number) => void,
  ): Promise<() => Promise<void>>;
  /**
   * PGlite's data-directory dump (a gzipped tarball a new PGlite opens with `loadDataDir`),
   * made by the process that holds the folder; absent on PostgreSQL (pgBackRest backs it up).
   */
  dumpDataDir?(): Promise<Blob>;
  /** The primary's connection pool now (PostgreSQL; PGlite has none). */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

/** A connection pool's state: connections open, idle, and queries waiting for one. */
export interface PoolUse {
  max: number;
  open: number;
  idle: number;
  waiting: number;
}

/** The extensions the migrations use (PostgreSQL ships them; PGlite loads them when it opens). */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance, btree_gist };

/** Opens PGlite (a data folder, a dump, or in memory) with the extensions the schema needs. */
export function createPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  return PGlite.create(dataDir, { ...options, extensions: PGLITE_EXTENSIONS });
}

/** PGlite's own start parameters followed by `extra` (settings as `-c name=value` pairs). */
export function pgliteStartParams(extra: string[]): string[] {
  return [...PGlite.defaultStartParams, ...extra];
}

export const migrationsFolder = join(repoRoot, 'server', 'drizzle');

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite's data folder; omitted means an in-memory database. */
  pgliteDir?: string;
  /** An existing PGlite instance (tests open one from a snapshot). */
  pglite?: PGlite;
  /** PostgreSQL connections this process keeps at most (default 10), and per standby. */
  poolSize?: number;
  /** Streaming standbys of `databaseUrl` for the catalogue's reads (DATABASE_READ_URL). */
  readUrls?: string[];
  /** The standbys' limits (tests shorten them). */
  standbyOptions?: StandbyOptions;
  /** The wait for a connection to the primary (default 5 s; tests shorten it). */
  connectTimeoutMs?: number;
}

/**
 * The primary's pool. A pooled connection the primary drops while idle (a failover, a restart,
 * a proxy cut) emits 'error' on the pool, which without a listener would end the process: it is
 * only thrown away, and the pool opens a new one for the next query, so the process keeps running
 * and finds the primary again once one answers, without a restart. A query on a connection lost
 * meanwhile fails (platform/db/unavailable.ts says so) and that connection is not reused.
 */
function primaryPool(url: string, max: number, connectTimeoutMs: number): Pool {
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    // A primary that went silent (its machine gone, no reset sent) is found out in seconds.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  pool.on('error', () => undefined);
  // One lost while checked out, between two queries: the next query fails instead.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const max = options.poolSize ?? DEFAULT_POOL_SIZE;
    const pool = primaryPool(
      options.databaseUrl,
      max,
      options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    );
    // Drizzle's transactions on the primary give a connection back when they cannot begin.
    const db = drizzlePg(new TransactionSafePool(pool) as unknown as Pool, { schema });
    const readUrls = options.readUrls ?? [];
    let standbys: Standbys | undefined;
    let readDb: Db = db;
    if (readUrls.length > 0) {
      standbys = new Standbys(pool, readUrls, {
        poolSize: options.poolSize ?? DEFAULT_POOL_SIZE,
        ...options.standbyOptions,
      });
      await standbys.start();
      readDb = drizzlePg(new StandbyReadPool(pool, standbys) as unknown as Pool, { schema });
    }
    return {
      db,
      readDb,
      standbys,
      kind: 'postgres',
      migrate: () => migrateUnderLock(pool),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, onPayload, onGap) =>
        listenPostgres(options.databaseUrl!, channel, onPayload, onGap),
      poolUse: () => ({
        max,
        open: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      close: async () => {
        await standbys?.close();
        await pool.end();
      },
    };
  }
  let client = options.pglite;
  if (!client) {
    if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
    client = await createPglite(options.pgliteDir);
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema });
  return {
    db,
    readDb: db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await pglite.query('select 1');
    },
    listen: async (channel, onPayload) => {
      const stop = await pglite.listen(channel, onPayload);
      return async () => {
        if (!pglite.closed) await stop();
      };
    },
    dumpDataDir: () => pglite.dumpDataDir('gzip'),
    close: () => pglite.close(),
  };
}

/**
 * The advisory lock the migrations run under (any fixed number; this one's bytes spell
 * "CarDmigr"). Every replica migrates at boot and Drizzle's migrator takes no lock of its own.
 */
export const MIGRATION_LOCK_KEY = 0x436172446d696772n;

/**
 * Applies the migrations while holding a session-level advisory lock on a connection of its own:
 * replicas that start together wait for each other, and the ones after the first find every
 * migration applied. A connection lost mid-way ends its session, which releases the lock.
 */
async function migrateUnderLock(pool: Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } catch (error) {
    broken = error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    // A connection that failed goes away rather than back to the pool (and its lock with it).
    client.release(broken);
  }
}

/** The longest wait between two attempts to open a lost LISTEN connection again. */
const RELISTEN_MAX_MS = 10_000;
/** How often a LISTEN connection is asked whether it is alive (a connection gone silent too). */
export const LISTEN_PROBE_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A lost connection
 * is opened again after a second, and while the database cannot be reached, again and again (each
 * wait twice the last, at most ten seconds), so a database restart, a failover or a network
 * outage of any length does not silence the events for good. Notices sent while no connection
 * listened are not heard: once one listens again, `onGap` is told how long that may have been
 * (since the last sign of life of the lost one: its connecting, a notice, or a probe every
 * LISTEN_PROBE_MS), for its caller to catch up on what was sent meanwhile.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap?: (ms: number) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: Client | null = null;
  let failures = 0;
  /** When the connection in use last showed it was alive (0: none has yet). */
  let aliveAt = 0;
  const connect = async (): Promise<void> => {
    const next = new Client({
      connectionString: url,
      application_name: 'cardealer-listen',
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', (message) => {
      if (client === next) aliveAt = Date.now();
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      next.end().catch(() => undefined);
      // Only the connection in use is replaced here (one that failed to open is retried below).
      if (client !== next) return;
      client = null;
      retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${JSON.stringify(channel)}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    const lastAlive = aliveAt;
    client = next;
    aliveAt = Date.now();
    failures = 0;
    if (lastAlive > 0) onGap?.(aliveAt - lastAlive);
  };
  const retry = () => {
    if (stopped) return;
    const wait = Math.min(RELISTEN_MAX_MS, 1000 * 2 ** failures);
    setTimeout(() => {
      if (stopped) return;
      connect().catch(() => {
        failures += 1;
        retry();
      });
    }, wait).unref();
  };
  // A probe that fails is the connection's 'error' too (or its end): replaced as above.
  const probe = setInterval(() => {
    const current = client;
    current
      ?.query('select 1')
      .then(() => {
        if (client === current) aliveAt = Date.now();
      })
      .catch(() => undefined);
  }, LISTEN_PROBE_MS);
  probe.unref();
  try {
    await connect();
  } catch (error) {
    clearInterval(probe);
    throw error;
  }
  return async () => {
    stopped = true;
    clearInterval(probe);
    await client?.end().catch(() => undefined);
  };
}
