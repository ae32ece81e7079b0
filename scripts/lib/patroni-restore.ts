/**
 * Backups and a point-in-time restore of the Patroni cluster of `STANDBYS=n npm run
 * start:cluster` (scripts/lib/patroni.ts), whose primary moves:
 *   - a backup or a check runs on the node whose Patroni says it is the primary now (its REST
 *     API's `GET /primary`), so that after a failover it reads the new primary and checks the
 *     archive of its timeline;
 *   - a restore needs every Patroni stopped (a running one would start what is stopped, or fail
 *     over): pgBackRest restores the first node's data folder, a PostgreSQL of its own (no
 *     Patroni) replays the archived WAL up to the time and opens on a new timeline, and is stopped
 *     again; the other nodes' folders and etcd's record of the cluster (its leader, timeline and
 *     positions, which would make Patroni refuse a primary behind them) are removed. The next
 *     start has the first node lead the restored data and copies the standbys afresh from it.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { archiveSettings, backRest, type BackRestSetup } from './pgbackrest';
import { archiveNow, waitUntilWritable } from './pg-archive';
import { postmasterPid, startServer, stopServer } from './postgres-pair';
import { postgresUrl, restStatus, waitFor } from './patroni';

/** A node of the cluster as the backups' record keeps it. */
export interface PatroniPlace {
  name: string;
  dataDir: string;
  pgPort: number;
  restPort: number;
}

/** Where the Patroni cluster lives: its folder (sockets, etcd, pids.json) and its nodes. */
export interface PatroniLayout {
  dir: string;
  nodes: PatroniPlace[];
}

/** The settings of a node that archive its WAL (its own data folder named to pgBackRest). */
export function nodeArchiveSettings(
  setup: Pick<BackRestSetup, 'dir' | 'stanza'>,
  dataDir: string,
): Record<string, string> {
  const settings = archiveSettings(setup);
  settings.archive_command = settings.archive_command!.replace(
    ' archive-push',
    ` --pg1-path=${dataDir} archive-push`,
  );
  return settings;
}

/** The node whose Patroni says it is the primary now; fails when none does. */
export async function currentPrimary(layout: PatroniLayout): Promise<PatroniPlace> {
  for (const node of layout.nodes) {
    if ((await restStatus(node.restPort, '/primary')) === 200) return node;
  }
  throw new Error(
    `no node of the Patroni cluster (${layout.nodes.map((node) => node.name).join(', ')}) is ` +
      'the primary now: a failover may be under way (try again in half a minute), or the ' +
      'cluster is stopped (STANDBYS=… npm run start:cluster)',
  );
}

/** The setup aimed at the primary of the moment. */
export async function onCurrentPrimary<T extends BackRestSetup>(
  setup: T,
  layout: PatroniLayout,
): Promise<T> {
  const primary = await currentPrimary(layout);
  await checkpointOnItsTimeline(primary.pgPort);
  return { ...setup, pgData: primary.dataDir, pgPort: primary.pgPort };
}

/**
 * A standby just promoted writes on its new timeline at once, but its control file names the old
 * one until its first checkpoint, which may come minutes later; pgBackRest refuses a backup or a
 * check until the two agree ('WAL timeline 2 does not match pg_control timeline 1'). A checkpoint
 * asked now brings the control file up to date (on a primary whose file agrees, nothing is asked).
 */
async function checkpointOnItsTimeline(pgPort: number): Promise<void> {
  const client = new Client({ connectionString: postgresUrl(pgPort, 'postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ behind: boolean }>(
      'select (select timeline_id from pg_control_checkpoint()) <> ' +
        "('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int as behind",
    );
    if (rows[0]?.behind) await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether `pid` runs and is the cluster's (its command names the cluster's folder). */
function ofCluster(pid: number, dir: string): boolean {
  if (pid <= 0 || !alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dir);
  } catch {
    // No /proc: count it.
    return true;
  }
}

/** What of the cluster still runs: Patroni, etcd, HAProxy (pids.json) and the postmasters. */
export function stillRunning(layout: PatroniLayout): string[] {
  const file = join(layout.dir, 'pids.json');
  const pids = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as number[]) : [];
  return [
    ...pids.filter((pid) => ofCluster(pid, layout.dir)).map((pid) => `process ${pid}`),
    ...layout.nodes
      .filter((node) => postmasterPid(node.dataDir) !== null)
      .map((node) => `${node.name}'s PostgreSQL`),
  ];
}

/**
 * Stops a running `npm run start:cluster` (its process id in `supervisorFile`) after the WAL
 * of now is archived, and waits (two minutes at most) until all of the cluster has stopped.
 * Answers whether one was running.
 */
export async function stopStartCluster(
  supervisorFile: string,
  layout: PatroniLayout,
  primaryUrl: string,
): Promise<boolean> {
  if (!existsSync(supervisorFile)) return false;
  const { pid } = JSON.parse(readFileSync(supervisorFile, 'utf8')) as { pid: number };
  if (!pid || !alive(pid)) return false;
  // The segment being written goes to the archive, so that the newest commits can be replayed.
  await archiveNow(primaryUrl).catch((error: Error) =>
    console.warn(`The newest WAL was not archived (${error.message}): restoring without it.`),
  );
  process.kill(pid, 'SIGTERM');
  await waitFor(
    `npm run start:cluster (process ${pid}) did not stop`,
    async () => !alive(pid) && stillRunning(layout).length === 0,
    120_000,
  );
  return true;
}

/** Resets the recovery target pgBackRest wrote, once reached (a standby copied later keeps none). */
async function forgetTarget(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const name of ['recovery_target_time', 'recovery_target_action']) {
      await client.query(`ALTER SYSTEM RESET ${name}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Restores the stopped cluster to `target` (PostgreSQL's time text; null: all of the archive)
 * into the first node, and leaves it to the next start to lead it and copy the standbys.
 */
export async function restorePatroni(
  setup: BackRestSetup,
  layout: PatroniLayout,
  target: string | null,
): Promise<void> {
  const running = stillRunning(layout);
  if (running.length > 0) {
    throw new Error(
      `the Patroni cluster still runs (${running.join(', ')}): stop npm run start:cluster ` +
        '(Ctrl-C) first; a running Patroni would start the PostgreSQL being restored, or fail over',
    );
  }
  const [first, ...others] = layout.nodes;
  if (!first) throw new Error('the backups record names no node of the Patroni cluster');
  // A node that was killed leaves its pid file; no postmaster runs (checked above).
  rmSync(join(first.dataDir, 'postmaster.pid'), { force: true });
  const onFirst = { ...setup, pgData: first.dataDir, pgPort: first.pgPort };
  const args = ['--delta'];
  if (target) args.push('--type=time', `--target=${target}`, '--target-action=promote');
  await backRest(onFirst, 'restore', args);
  // Patroni's postgresql.conf came with the backup, maybe from another node: this node's own
  // port, files and archive named, and no synchronous standby to wait for.
  const settings = {
    port: String(first.pgPort),
    listen_addresses: '127.0.0.1',
    unix_socket_directories: layout.dir,
    hba_file: join(first.dataDir, 'pg_hba.conf'),
    ident_file: join(first.dataDir, 'pg_ident.conf'),
    synchronous_standby_names: '',
    ...nodeArchiveSettings(setup, first.dataDir),
  };
  const options = Object.entries(settings).map(([name, value]) => `-c ${name}='${value}'`);
  await startServer(first.dataDir, join(layout.dir, `${first.name}.restore.log`), options);
  try {
    const url = postgresUrl(first.pgPort, 'postgres');
    await waitUntilWritable(url);
    await forgetTarget(url);
    // The new timeline's history and first segment reach the archive before anything else.
    await archiveNow(url);
  } finally {
    await stopServer(first.dataDir, 'fast');
  }
  for (const node of others) rmSync(node.dataDir, { recursive: true, force: true });
  rmSync(join(layout.dir, 'etcd'), { recursive: true, force: true });
}
