import { DEFAULT_BACKUP_KEEP } from './platform/ops/backups';

/** Reads a whole number setting (config.ts's `int`): the fallback when unset, else checked. */
type ReadInt = (name: string, fallback: number, min: number, max: number) => number;

/** What an operator sets about metrics and restarts. */
export interface OpsSettings {
  /** Where GET /metrics answers (`METRICS_PORT`; null: nowhere). */
  metrics: { host: string; port: number } | null;
  /**
   * How long a server keeps serving, not ready, after a SIGTERM before it stops listening
   * (`SHUTDOWN_DRAIN_MS`): behind a load balancer (TRUST_PROXY_HOPS) 3 s, time for its health
   * checks to take the server out; alone 0.
   */
  shutdownDrainMs: number;
  /** How many of PGlite's backups `npm run backup` keeps (`BACKUP_KEEP`, default 7). */
  backupKeep: number;
}

/** A server's metrics port when METRICS_PORT is unset: its own port + 1000 (each replica its own). */
export const METRICS_PORT_OFFSET = 1000;

/** Behind a load balancer: HAProxy's checks (each second, out after two) need about 2 s. */
const PROXIED_DRAIN_MS = 3000;

export function opsSettings(
  env: Record<string, string | undefined>,
  int: ReadInt,
  port: number,
  trustProxyHops: number,
): OpsSettings {
  const defaultMetricsPort =
    port > 0 && port + METRICS_PORT_OFFSET <= 65535 ? port + METRICS_PORT_OFFSET : 0;
  const metricsPort = int('METRICS_PORT', defaultMetricsPort, 0, 65535);
  return {
    // Loopback unless METRICS_HOST says otherwise: the numbers are for the operator's scraper.
    metrics: metricsPort > 0 ? { host: env.METRICS_HOST || '127.0.0.1', port: metricsPort } : null,
    shutdownDrainMs: int('SHUTDOWN_DRAIN_MS', trustProxyHops > 0 ? PROXIED_DRAIN_MS : 0, 0, 60_000),
    backupKeep: int('BACKUP_KEEP', DEFAULT_BACKUP_KEEP, 1, 1000),
  };
}
