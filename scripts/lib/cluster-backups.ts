/**
 * The cluster's PostgreSQL under pgBackRest: `npm run start:cluster` sets it up (WAL archived,
 * a first full backup) and records how in its data folder (`pgbackrest.json`); `npm run
 * backup`, `restore` and `backup:check` read that record. A restore stops the primary, restores
 * its data folder to the time asked, starts it and waits until it has replayed the archive and
 * opened for writes.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { openDatabase } from '../../server/src/platform/db/client';
import { recordBackup } from '../../server/src/platform/ops/backups';
import {
  archiveSettings,
  backRest,
  backRestInstalled,
  createStanza,
  DEFAULT_RETENTION_FULL,
  listBackupSets,
  newestArchivedWal,
  restoreTo,
  takeBackup,
  writeBackRestConfig,
  type BackRestSetup,
  type BackupSet,
} from './pgbackrest';
import type { LocalPostgres } from './cluster';
import { archiveNow, currentTimeline, waitUntilWritable } from './pg-archive';
import { postmasterPid, startServer, stopServer } from './postgres-pair';
import type { PatroniCluster } from './patroni';
import {
  nodeArchiveSettings,
  onCurrentPrimary,
  restorePatroni,
  type PatroniLayout,
} from './patroni-restore';

export { archiveNow, waitUntilWritable };

const execFileAsync = promisify(execFile);

/** How the primary is stopped and started again. */
export type PrimaryControl =
  | { kind: 'pg_ctl'; log: string; settings: string[] }
  | { kind: 'debian'; version: string; cluster: string }
  // Under Patroni the primary moves: each command asks which node it is now.
  | ({ kind: 'patroni' } & PatroniLayout);

export interface ClusterBackups extends BackRestSetup {
  /** postgres://… of the app's database on the primary. */
  databaseUrl: string;
  control: PrimaryControl;
}

/** The record's file in the cluster's data folder. */
export const STATE_FILE = 'pgbackrest.json';

export function writeClusterBackups(dataDir: string, state: ClusterBackups): void {
  writeFileSync(join(dataDir, STATE_FILE), JSON.stringify(state, null, 2));
}

/** The record in `dataDir`, or null when start:cluster set up no backups there. */
export function readClusterBackups(dataDir: string): ClusterBackups | null {
  const file = join(dataDir, STATE_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClusterBackups) : null;
}

/** Applies the archiving settings to a running server (ALTER SYSTEM); answers if it must restart. */
export async function archiveBySystemSettings(url: string, setup: BackRestSetup): Promise<boolean> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    let restart = false;
    for (const [name, value] of Object.entries(archiveSettings(setup))) {
      const { rows } = await client.query<{ setting: string }>(
        'select setting from pg_settings where name = $1',
        [name],
      );
      // archive_mode and wal_level are read at start only.
      if (rows[0]?.setting !== value && ['archive_mode', 'wal_level'].includes(name)) {
        restart = true;
      }
      await client.query(`ALTER SYSTEM SET ${name} = '${value.replace(/'/g, "''")}'`);
    }
    await client.query('select pg_reload_conf()');
    return restart;
  } finally {
    await client.end();
  }
}

/** The record aimed at the primary of the moment (under Patroni it moves; else it stays). */
async function onPrimaryNow(state: ClusterBackups): Promise<ClusterBackups> {
  if (state.control.kind !== 'patroni') return state;
  if (!Array.isArray(state.control.nodes)) {
    throw new Error(
      `the backups record (${STATE_FILE}) predates the nodes' list: start the cluster again (npm run start:cluster) to write it anew`,
    );
  }
  return onCurrentPrimary(state, state.control);
}

/** A backup (full the first time, then incremental) of the primary now, recorded in the database. */
export async function backupCluster(state: ClusterBackups): Promise<BackupSet> {
  const set = await takeBackup(await onPrimaryNow(state));
  const database = await openDatabase({ databaseUrl: state.databaseUrl, poolSize: 1 });
  try {
    await recordBackup(database.db, {
      engine: 'postgres',
      kind: set.type,
      label: set.label,
      bytes: set.repoSize,
      takenAt: new Date(set.start * 1000),
    });
  } finally {
    await database.close();
  }
  return set;
}

/** Whether the primary runs now. */
function primaryRuns(state: ClusterBackups): boolean {
  return postmasterPid(state.pgData) !== null;
}

async function stopPrimary(state: ClusterBackups): Promise<void> {
  if (state.control.kind === 'patroni') return;
  if (state.control.kind === 'debian') {
    if (primaryRuns(state))
      await run('pg_ctlcluster', [state.control.version, state.control.cluster, 'stop']);
    return;
  }
  await stopServer(state.pgData, 'fast');
}

async function startPrimary(state: ClusterBackups): Promise<void> {
  if (state.control.kind === 'patroni') return;
  if (state.control.kind === 'debian') {
    await run('pg_ctlcluster', [state.control.version, state.control.cluster, 'start']);
    return;
  }
  await startServer(state.pgData, state.control.log, state.control.settings);
}

async function run(command: string, args: string[]): Promise<void> {
  try {
    await execFileAsync(command, args, { encoding: 'utf8' });
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`${command} failed: ${failed.stderr?.trim() || failed.message}`);
  }
}

/**
 * Restores the primary to `target` (PostgreSQL's time text; null: all of the archive): stopped,
 * restored, started, and open for writes when this resolves (left running). Under Patroni the
 * cluster must be stopped, and is restored into its first node, left stopped for the next start
 * (scripts/lib/patroni-restore.ts).
 */
export async function restoreCluster(state: ClusterBackups, target: string | null): Promise<void> {
  if (state.control.kind === 'patroni') {
    await restorePatroni(state, state.control, target);
    return;
  }
  // The last WAL segment goes to the archive first, so the newest commits can be replayed.
  if (primaryRuns(state)) await archiveNow(state.databaseUrl);
  await stopPrimary(state);
  await restoreTo(state, target);
  await startPrimary(state);
  await waitUntilWritable(state.databaseUrl);
}

/** What `backup:check` found: the backups, and the archive's newest WAL on the primary's timeline. */
export interface ArchiveCheck {
  sets: BackupSet[];
  timeline: number;
  newestWal: string;
}

/**
 * pgBackRest's check on the primary now (it switches the WAL and waits until the archive has
 * it), then the archive's newest segment must be on the timeline the primary writes: after a
 * failover, the new primary's WAL is what has to reach the archive.
 */
export async function checkCluster(state: ClusterBackups): Promise<ArchiveCheck> {
  const primary = await onPrimaryNow(state);
  await backRest(primary, 'check');
  const timeline = await currentTimeline(primary.databaseUrl);
  const newestWal = (await newestArchivedWal(primary)) ?? '';
  if (parseInt(newestWal.slice(0, 8), 16) !== timeline) {
    throw new Error(
      `the archive's newest WAL (${newestWal || 'none'}) is not on the primary's timeline ${timeline}: ` +
        `its archive_command does not reach the repository (see ${primary.pgData}/log and the pgBackRest log in ${primary.dir}/log)`,
    );
  }
  return { sets: await listBackupSets(primary), timeline, newestWal };
}

/** pgBackRest's setup for a primary, its configuration written (the repository made later). */
export function backRestFor(options: {
  dir: string;
  pgData: string;
  pgPort: number;
  pgSocket: string;
  fresh?: boolean;
}): BackRestSetup {
  const retentionFull = Number(process.env.BACKUP_RETENTION_FULL ?? DEFAULT_RETENTION_FULL);
  if (!Number.isInteger(retentionFull) || retentionFull < 1 || retentionFull > 100) {
    throw new Error(
      `BACKUP_RETENTION_FULL must be a whole number from 1 to 100 (got "${process.env.BACKUP_RETENTION_FULL}")`,
    );
  }
  // A fresh primary is another database: the repository of the old one would refuse it.
  if (options.fresh) rmSync(options.dir, { recursive: true, force: true });
  const { fresh: _fresh, ...where } = options;
  const setup = { stanza: 'cardealer', retentionFull, ...where };
  writeBackRestConfig(setup);
  return setup;
}

/** What start:cluster does for backups: nothing without pgBackRest (a warning says so). */
const withoutBackRest = () => {
  console.warn('Backups are off: pgBackRest is not installed (apt-get install -y pgbackrest).');
  return null;
};

/**
 * start:cluster's nodes under Patroni (STANDBYS): pgBackRest's folder beside theirs (made anew
 * with them), each node's settings that archive its WAL (its own data folder named, as the
 * archiver hands pgBackRest a path within it), and `start`, once the cluster runs: the stanza
 * on the primary of the moment and the record (with every node, as the primary moves) in the
 * cluster's data folder. The first backup waits for the migrations (`firstBackup`).
 */
export function patroniBackups(patroniDir: string, fresh: boolean) {
  if (!backRestInstalled()) return withoutBackRest();
  const dir = join(patroniDir, 'pgbackrest');
  if (fresh) rmSync(dir, { recursive: true, force: true });
  return {
    parameters: (dataDir: string) => nodeArchiveSettings({ stanza: 'cardealer', dir }, dataDir),
    start: async (dataDir: string, patroni: PatroniCluster): Promise<ClusterBackups> => {
      const primary = await patroni.primary();
      if (!primary) throw new Error('no primary to set up the backups on');
      const setup = backRestFor({
        dir,
        pgData: primary.dataDir,
        pgPort: primary.pgPort,
        pgSocket: patroniDir,
      });
      const nodes = patroni.nodes.map(({ name, dataDir, pgPort, restPort }) => ({
        ...{ name, dataDir, pgPort, restPort },
      }));
      const state: ClusterBackups = {
        ...setup,
        databaseUrl: patroni.primaryUrl,
        control: { kind: 'patroni', dir: patroniDir, nodes },
      };
      await startBackups(dataDir, state);
      return state;
    },
  };
}

/** start:cluster's Debian cluster: its WAL archived (ALTER SYSTEM, a restart if needed). */
export async function debianBackups(dataDir: string, postgres: LocalPostgres, cluster: string) {
  if (!backRestInstalled()) return withoutBackRest();
  const port = Number(new URL(postgres.url).port);
  const setup = backRestFor({
    dir: join('/var/lib/postgresql/cardealer', `${cluster}-pgbackrest`),
    pgData: postgres.dataDir,
    pgPort: port,
    pgSocket: '/var/run/postgresql',
  });
  if (await archiveBySystemSettings(postgres.url, setup)) {
    await run('pg_ctlcluster', [postgres.version, cluster, 'restart']);
  }
  const state: ClusterBackups = {
    ...setup,
    databaseUrl: postgres.url,
    control: { kind: 'debian', version: postgres.version, cluster },
  };
  await startBackups(dataDir, state);
  return state;
}

async function startBackups(dataDir: string, state: ClusterBackups): Promise<void> {
  await createStanza(await onPrimaryNow(state));
  writeClusterBackups(dataDir, state);
}

/**
 * The first full backup, when the repository has none: in the background, once the migrations
 * have made the table that records it (an error is told, not thrown).
 */
export function firstBackup(state: ClusterBackups): void {
  void (async () => {
    if ((await listBackupSets(state)).length > 0) return;
    const set = await backupCluster(state);
    console.log(`pgBackRest: the first full backup is made (${set.label}).`);
  })().catch((error: Error) => console.error(`The first backup failed: ${error.message}`));
}
