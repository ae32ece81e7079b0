/**
 * The pieces of `npm run start:cluster` that the replica benchmark uses too: a throwaway Debian
 * PostgreSQL cluster, API replicas (each with its own data folder) and HAProxy in front of them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { root } from './emulator';
import { stopProcess, waitForHealth } from './processes';

export const HAPROXY = process.env.HAPROXY_BIN || '/usr/sbin/haproxy';

export interface LocalPostgres {
  /** postgres://… of the database `database` on the cluster. */
  url: string;
  /** The cluster's PostgreSQL version and data folder (Debian's /var/lib/postgresql/…). */
  version: string;
  dataDir: string;
  /** Stops the cluster if this process started it (its data stays for the next start). */
  stop(): void;
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A PostgreSQL cluster of its own made with Debian's tools (package `postgresql`; needs root or
 * the postgres user, like scripts/postgres-for-tests.sh): created on first use, started if it is
 * not running, the `postgres` user's password set to `postgres`, and `database` created.
 */
export async function startLocalPostgres(options: {
  cluster: string;
  port: number;
  database: string;
}): Promise<LocalPostgres> {
  let versions: string[] = [];
  try {
    versions = readdirSync('/etc/postgresql').sort((a, b) => Number(a) - Number(b));
  } catch {
    // not installed
  }
  const version = versions.at(-1);
  if (!version) {
    throw new Error(
      'PostgreSQL is not installed: apt-get install -y postgresql (or set DATABASE_URL)',
    );
  }
  const status = () =>
    run('pg_lsclusters', ['-h'])
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .find((fields) => fields[0] === version && fields[1] === options.cluster);
  let found = status();
  if (!found) {
    run('pg_createcluster', [version, options.cluster, '--port', String(options.port)]);
    found = status();
  }
  if (found && found[2] !== String(options.port)) {
    throw new Error(
      `the PostgreSQL cluster ${options.cluster} listens on ${found[2]}, not ${options.port}: ` +
        `choose CLUSTER_PG_PORT=${found[2]}, or drop it (pg_dropcluster --stop ${version} ${options.cluster})`,
    );
  }
  const startedHere = found?.[3] !== 'online';
  if (startedHere) run('pg_ctlcluster', [version, options.cluster, 'start']);
  run('su', [
    'postgres',
    '-c',
    `psql -q -p ${options.port} -c "ALTER USER postgres PASSWORD 'postgres'"`,
  ]);
  const base = `postgres://postgres:postgres@127.0.0.1:${options.port}`;
  const admin = new Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [
      options.database,
    ]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${options.database}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `${base}/${options.database}`,
    version,
    dataDir: found?.[5] ?? join('/var/lib/postgresql', version, options.cluster),
    stop: () => {
      if (startedHere) run('pg_ctlcluster', [version, options.cluster, 'stop']);
    },
  };
}

/** How long a replica told to stop may take before it is killed: its drain and its 20 s. */
export const REPLICA_STOP_MS = 30_000;

export interface ReplicaOptions {
  index: number;
  port: number;
  dataDir: string;
  /** Everything else the server reads (DATABASE_URL, APP_MODE, …). */
  env: NodeJS.ProcessEnv;
  /** Where its output goes; omitted: this terminal. */
  logFile?: string;
}

export interface Replica {
  name: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** One API server process (server/src/main.ts) on `port`, behind a proxy one hop away. */
export function startReplica(options: ReplicaOptions): Replica {
  const name = `replica-${options.index}`;
  mkdirSync(options.dataDir, { recursive: true });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')],
    {
      cwd: root,
      env: {
        LOG_LEVEL: 'warn',
        ...process.env,
        ...options.env,
        HOST: '127.0.0.1',
        PORT: String(options.port),
        DATA_DIR: options.dataDir,
        // HAProxy adds X-Forwarded-For: the client's address is the nearest hop's word.
        TRUST_PROXY_HOPS: '1',
      },
      stdio: ['ignore', options.logFile ? 'pipe' : 'inherit', options.logFile ? 'pipe' : 'inherit'],
    },
  );
  if (options.logFile) {
    mkdirSync(dirname(options.logFile), { recursive: true });
    const log = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  // A replica drains (SHUTDOWN_DRAIN_MS) and finishes its requests (at most 20 s) before it exits.
  return {
    name,
    port: options.port,
    process: child,
    stop: () => stopProcess(child, 'SIGTERM', REPLICA_STOP_MS),
  };
}

/** Waits until every replica answers GET /api/health/ready with ok. */
export async function waitForReplicas(replicas: Replica[], timeoutMs: number): Promise<void> {
  await Promise.all(
    replicas.map((replica) =>
      waitForHealth(
        `http://127.0.0.1:${replica.port}/api/health/ready`,
        replica.process,
        timeoutMs,
        replica.name,
      ),
    ),
  );
}

export interface HaproxyOptions {
  host: string;
  port: number;
  replicas: { name: string; port: number }[];
}

/**
 * HAProxy's configuration: round robin over the replicas, each checked with GET
 * /api/health/ready every second and taken out after two failures (back after two successes): a
 * replica told to stop answers 503 there at once and keeps serving for SHUTDOWN_DRAIN_MS (3 s
 * behind a proxy), so it leaves the rotation before it stops listening. A request whose
 * connection to a replica fails is sent to another one (nothing reached the dead replica, so
 * this is safe for any method); a GET whose replica dies before answering is retried elsewhere
 * too, a POST, PUT, PATCH or DELETE never (it may have been applied).
 */
export function haproxyConfig(options: HaproxyOptions): string {
  const servers = options.replicas.map(
    (replica) => `  server ${replica.name} 127.0.0.1:${replica.port} check`,
  );
  const fallbacks = options.replicas.map(
    (replica) => `  server ${replica.name}-running 127.0.0.1:${replica.port} backup`,
  );
  return `# Generated by CarDealer's start:cluster; edits are overwritten at the next start.
global
  maxconn 4096

defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  # The event streams (GET /api/events) send a heartbeat every 25 s: 60 s of silence is a fault.
  timeout server 60s
  timeout tunnel 1h
  timeout http-request 10s
  timeout queue 10s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout

frontend cardealer
  bind ${options.host}:${options.port}
  default_backend replicas

backend replicas
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter 1s fall 2 rise 2
  # Only idempotent requests are sent again after the replica got them.
  http-request disable-l7-retry unless METH_GET
  # Which replica answered (the demo shows the load spread).
  http-response set-header X-Replica %[srv_name]
${servers.join('\n')}
  # While the database has no primary (a failover) every replica's readiness fails at once:
  # rather than refuse every request, HAProxy then sends them to the replicas still running,
  # which answer what needs no primary (the bundle, cached and standby reads) and refuse writes.
  option allbackups
${fallbacks.join('\n')}
`;
}

/** Checks and starts HAProxy in the foreground with the configuration written to `configFile`. */
export function startHaproxy(
  configFile: string,
  options: HaproxyOptions,
  logFile: string,
): ChildProcess {
  mkdirSync(dirname(configFile), { recursive: true });
  writeFileSync(configFile, haproxyConfig(options));
  run(HAPROXY, ['-c', '-q', '-f', configFile]);
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** Resolves once something answers HTTP at `url` (HAProxy is listening). */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`nothing answered at ${url} within ${timeoutMs / 1000} s`);
}
