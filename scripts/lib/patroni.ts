/**
 * PostgreSQL with automatic failover, for `STANDBYS=n npm run start:cluster` and `npm run
 * bench:failover`: n + 1 PostgreSQL nodes, each run by a Patroni of its own (Debian's `patroni`
 * 3.0), agreeing on who leads through a one-member etcd (Debian's `etcd-server` 3.4, its v3 API),
 * and HAProxy in front (scripts/lib/patroni-config.ts): one port always reaches the primary,
 * one the standbys. Patroni keeps one standby synchronous (a commit answered is on two nodes) and
 * falls back to asynchronous commits while no standby is healthy, rather than hang the writes.
 * When the primary's node dies, its leader key in etcd expires (`ttl`) and the synchronous
 * standby is promoted; the old node, started again, is rewound (pg_rewind) and follows the new
 * primary. Everything lives in one folder the postgres user owns; run as root, Patroni (and so
 * PostgreSQL) runs as the postgres user, etcd as the current user.
 *
 * Ports from `basePort` (B): HAProxy's primary B, its standbys B + 1; node i's PostgreSQL
 * B + 2 + i and Patroni's REST API B + 10 + i; etcd's clients B + 20, its peers B + 21.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ownFolder, postmasterPid, stopServer } from './postgres-pair';
import { nodeConfig, patroniHaproxyConfig, PASSWORD, SCOPE } from './patroni-config';
import { HAPROXY } from './cluster';
import { stopProcess } from './processes';

export const PATRONI = process.env.PATRONI_BIN || '/usr/bin/patroni';
export const ETCD = process.env.ETCD_BIN || '/usr/bin/etcd';
/** The cluster's name in etcd (Patroni's `scope`). */

export interface PatroniNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  /** Patroni's process id now (0: not running). */
  pid: number;
}

/** What `patroni.json` in the cluster's data folder says, for tests and benchmarks. */
export interface PatroniRoster {
  primaryPort: number;
  standbyPort: number;
  nodes: PatroniNode[];
}

export const ROSTER_FILE = 'patroni.json';

export interface PatroniOptions {
  /** The folder of all of it (made; its parents must be open to the postgres user). */
  dir: string;
  basePort: number;
  /** Standbys: the cluster has one more node. */
  standbys: number;
  /** The database to create (if missing). */
  database: string;
  /** Everything of an earlier start removed first. */
  fresh?: boolean;
  /** Each node's further PostgreSQL settings (WAL archiving), from its data folder. */
  parameters?: (dataDir: string) => Record<string, string>;
}

export interface PatroniCluster {
  /** postgres://… of `database` through HAProxy's primary port. */
  primaryUrl: string;
  /** postgres://… of `database` through HAProxy's standbys port. */
  standbyUrl: string;
  nodes: PatroniNode[];
  /** The node whose Patroni says it is the primary now (undefined: none). */
  primary(): Promise<PatroniNode | undefined>;
  /** The node of that name started again (its Patroni), if it is not running. */
  restartNode(name: string): void;
  /** Every node whose Patroni is not running started again. */
  restartDead(): void;
  /** Stops HAProxy, the standbys' Patronis, the primary's, then etcd. */
  stop(): Promise<void>;
}

/** Every port the cluster listens on, by what it is. */
export function patroniPorts(basePort: number, standbys: number): [string, number][] {
  const nodes = Array.from({ length: standbys + 1 }, (_, i) => i);
  return [
    ['HAProxy (PostgreSQL primary)', basePort],
    ['HAProxy (PostgreSQL standbys)', basePort + 1],
    ...nodes.map((i): [string, number] => [`PostgreSQL node-${i + 1}`, basePort + 2 + i]),
    ...nodes.map((i): [string, number] => [`Patroni node-${i + 1}`, basePort + 10 + i]),
    ['etcd clients', basePort + 20],
    ['etcd peers', basePort + 21],
  ];
}

export const postgresUrl = (port: number, database: string) =>
  `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** The postgres user's ids, when this process is root (to run Patroni as that user). */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const fields = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((entry) => entry[0] === 'postgres');
  if (!fields) throw new Error('no postgres user: apt-get install -y postgresql');
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** A child whose output goes to `logFile`. */
function spawnLogged(
  file: string,
  args: string[],
  logFile: string,
  options: { uid?: number; gid?: number; env?: NodeJS.ProcessEnv } = {},
): ChildProcess {
  const log = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(file, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** What one Patroni's REST API answers at `path` (its status; 0: nothing answers). */
export async function restStatus(port: number, path: string): Promise<number> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      signal: AbortSignal.timeout(1000),
    });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

/** Polls `check` every 200 ms until it holds; fails after `ms` saying `what`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  ms: number,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Kills what an earlier start left running (its process ids in `pids.json`). */
async function stopLeftovers(dir: string, nodes: PatroniNode[]): Promise<void> {
  const file = join(dir, 'pids.json');
  if (existsSync(file)) {
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const pids = (JSON.parse(readFileSync(file, 'utf8')) as number[]).filter(
      (pid) => pid > 0 && alive(pid),
    );
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await waitFor('an earlier start would not stop', async () => !pids.some(alive), 10_000);
  }
  for (const node of nodes) await stopServer(node.dataDir, 'immediate');
}

/** A one-member etcd for Patroni, its data in `dir`/etcd, its clients on `port`. */
function startEtcd(dir: string, port: number): ChildProcess {
  return spawnLogged(
    ETCD,
    [
      ...['--name', SCOPE, '--data-dir', join(dir, 'etcd'), '--logger', 'zap'],
      ...['--listen-client-urls', `http://127.0.0.1:${port}`],
      ...['--advertise-client-urls', `http://127.0.0.1:${port}`],
      ...['--listen-peer-urls', `http://127.0.0.1:${port + 1}`],
      ...['--initial-advertise-peer-urls', `http://127.0.0.1:${port + 1}`],
      ...['--initial-cluster', `${SCOPE}=http://127.0.0.1:${port + 1}`],
    ],
    join(dir, 'etcd.log'),
  );
}

/** Waits until every standby streams from the primary and one is synchronous. */
async function waitForStandbys(nodes: PatroniNode[], primary: PatroniNode): Promise<void> {
  const standbys = nodes.filter((node) => node !== primary);
  await waitFor(
    'the standbys did not all stream from the primary',
    async () =>
      (await Promise.all(standbys.map((node) => restStatus(node.restPort, '/replica')))).every(
        (status) => status === 200,
      ),
    180_000,
  );
  if (standbys.length > 0) {
    await waitFor('no standby became synchronous', () => hasSync(primary.restPort), 60_000);
  }
}

/** Starts etcd, then the nodes (a fresh cluster: the first, then the others from it). */
export async function startPatroni(options: PatroniOptions): Promise<PatroniCluster> {
  const { dir, basePort } = options;
  const user = postgresUser();
  const nodes: PatroniNode[] = Array.from({ length: options.standbys + 1 }, (_, i) => ({
    name: `node-${i + 1}`,
    pgPort: basePort + 2 + i,
    restPort: basePort + 10 + i,
    dataDir: join(dir, `node-${i + 1}`),
    pid: 0,
  }));
  ownFolder(dir);
  await stopLeftovers(dir, nodes);
  if (options.fresh) {
    rmSync(dir, { recursive: true, force: true });
    ownFolder(dir);
  }
  const children = new Map<string, ChildProcess>();
  const savePids = () =>
    writeFileSync(
      join(dir, 'pids.json'),
      JSON.stringify([...children.values()].map((child) => child.pid ?? 0)),
    );
  // A fresh cluster, or one whose etcd record was cleared (a restore: patroni-restore.ts): the
  // first node starts alone and leads (it makes the data, or takes the restored data as it is);
  // the others then copy it. Together, one with no data could make a cluster of its own first.
  const leadsAlone =
    !existsSync(join(nodes[0]!.dataDir, 'PG_VERSION')) || !existsSync(join(dir, 'etcd'));
  const etcdPort = basePort + 20;
  const etcd = startEtcd(dir, etcdPort);
  children.set('etcd', etcd);
  savePids();
  let haproxy: ChildProcess | undefined;

  const launch = (node: PatroniNode) => {
    const configFile = join(dir, `${node.name}.yml`);
    writeFileSync(
      configFile,
      nodeConfig({ ...options, pgpass: join(dir, `${node.name}.pgpass`) }, node),
      {
        mode: 0o644,
      },
    );
    const child = spawnLogged(PATRONI, [configFile], join(dir, `${node.name}.log`), {
      ...user,
      env: { ...process.env, HOME: dir, PGPASSWORD: PASSWORD, LC_ALL: 'C.UTF-8' },
    });
    node.pid = child.pid ?? 0;
    child.once('exit', () => {
      if (node.pid === child.pid) node.pid = 0;
    });
    children.set(node.name, child);
    savePids();
  };
  const alive = (node: PatroniNode) => node.pid !== 0;
  const leader = async () => {
    for (const node of nodes)
      if ((await restStatus(node.restPort, '/primary')) === 200) return node;
    return undefined;
  };

  const stop = async () => {
    if (haproxy) await stopProcess(haproxy);
    // The standbys first, so that the primary's stop hands its role to no one.
    const primary = await leader();
    const order = [...nodes.filter((node) => node !== primary), ...(primary ? [primary] : [])];
    for (const node of order) {
      const child = children.get(node.name);
      if (child) await stopProcess(child, 'SIGTERM', 30_000);
    }
    await stopProcess(etcd, 'SIGTERM', 10_000);
    for (const node of nodes) await stopServer(node.dataDir, 'immediate');
  };

  try {
    await waitFor(
      'etcd did not answer',
      async () => (await restStatus(etcdPort, '/health')) === 200,
      30_000,
    );
    if (leadsAlone) {
      launch(nodes[0]!);
      await waitFor(
        'the first node did not become the primary',
        async () => !!(await leader()),
        120_000,
      );
    }
    for (const node of nodes) if (!alive(node)) launch(node);
    const primary = await waitForLeader(leader, nodes);
    await createDatabase(postgresUrl(primary.pgPort, 'postgres'), options.database);
    // Every standby streams and one is synchronous: a commit answered is on two nodes.
    await waitForStandbys(nodes, primary);
    const configFile = join(dir, 'haproxy.cfg');
    writeFileSync(configFile, patroniHaproxyConfig({ basePort, nodes }));
    haproxy = spawnLogged(HAPROXY, ['-db', '-f', configFile], join(dir, 'haproxy.log'));
    children.set('haproxy', haproxy);
    savePids();
    // HAProxy counts every node up until its checks say otherwise (two, a second apart): a
    // connection before then may reach a standby, and be cut when it is taken out.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await waitFor('HAProxy did not reach the primary', () => primaryAnswers(basePort), 30_000);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  return {
    primaryUrl: postgresUrl(basePort, options.database),
    standbyUrl: postgresUrl(basePort + 1, options.database),
    nodes,
    primary: leader,
    restartNode: (name) => {
      const node = nodes.find((candidate) => candidate.name === name);
      if (node && !alive(node)) launch(node);
    },
    restartDead: () => nodes.filter((node) => !alive(node)).forEach(launch),
    stop,
  };
}

/** Waits (two minutes at most) until one node is the primary; answers it. */
async function waitForLeader(
  leader: () => Promise<PatroniNode | undefined>,
  nodes: PatroniNode[],
): Promise<PatroniNode> {
  let found: PatroniNode | undefined;
  await waitFor(
    `no node of ${nodes.map((node) => node.name).join(', ')} became the primary`,
    async () => !!(found = await leader()),
    120_000,
  );
  return found!;
}

/** Whether the primary names a synchronous standby (Patroni's /cluster). */
async function hasSync(restPort: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${restPort}/cluster`);
    const body = (await response.json()) as { members: { role: string }[] };
    return body.members.some((member) => member.role === 'sync_standby');
  } catch {
    return false;
  }
}

/** Whether a primary that takes writes answers at `port` (through HAProxy). */
export async function primaryAnswers(port: number): Promise<boolean> {
  const client = new Client({
    connectionString: postgresUrl(port, 'postgres'),
    connectionTimeoutMillis: 1000,
  });
  // A connection HAProxy closes (no primary yet) is an error event too: heard, not thrown.
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ standby: boolean }>(
      'select pg_is_in_recovery() as standby',
    );
    return rows[0]?.standby === false;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createDatabase(url: string, database: string): Promise<void> {
  const admin = new Client({ connectionString: url });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
}

/** The postmaster of a node now (null: none runs). */
export const nodePostmaster = (node: PatroniNode) => postmasterPid(node.dataDir);
