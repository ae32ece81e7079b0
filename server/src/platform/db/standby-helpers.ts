/** Small helpers of the standbys' monitor (standbys.ts) and their reads (standby-reads.ts). */
import { Pool } from 'pg';

/** A standby that has not answered a check within this (ms) does not answer. */
export const CHECK_TIMEOUT_MS = 1000;
/** A read on a standby that has not answered within this (ms) runs on the primary instead. */
export const READ_TIMEOUT_MS = 10_000;

/** One standby's pool of reads, and the monitor's own connection to it. */
export function standbyPools(url: string, poolSize: number): { pool: Pool; monitor: Pool } {
  return {
    pool: new Pool({
      connectionString: url,
      max: poolSize,
      // A standby that went silent (a partition, a frozen machine: no reset sent) fails a
      // read within seconds instead of TCP's minutes; the read then runs on the primary.
      keepAlive: true,
      query_timeout: READ_TIMEOUT_MS,
      // Waiting this long for one of the pool's connections: the read goes to the primary.
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    }),
    monitor: new Pool({
      connectionString: url,
      max: 1,
      keepAlive: true,
      // A standby that does not take a connection within a second is as good as down.
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    }),
  };
}

/** A WAL position (`X/Y`) as one number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** `promise`, or null once `ms` have passed (the promise is left to settle on its own). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), Math.max(0, ms));
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** host:port/database of a connection URL (never its password), for the logs. */
export function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
