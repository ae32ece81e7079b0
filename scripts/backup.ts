/**
 * `npm run backup`, `npm run restore -- --to '2026-11-28 12:00:00+00'` (or `--latest`) and
 * `npm run backup:check`, on the database the product runs on:
 *   - PGlite (`npm start`, DATA_DIR default `.data`): the running server makes the copy when
 *     asked on its loopback-only metrics port (POST /backup); a restore, with the server stopped,
 *     brings back the newest copy taken at or before the time (PGlite has no WAL to replay);
 *     the check opens the newest copy in a throwaway PGlite and counts its rows.
 *   - PostgreSQL (`npm run start:cluster`; chosen by DATABASE_URL, `--cluster`, or DATA_DIR
 *     holding the cluster's pgbackrest.json; DATA_DIR default `.data-cluster`): pgBackRest, with
 *     a point-in-time restore replaying the archived WAL (scripts/lib/cluster-backups.ts).
 *     Under Patroni (`STANDBYS`) a backup and a check go to the primary of the moment, and a
 *     restore stops a running start:cluster first (scripts/lib/patroni-restore.ts).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  chooseBackup,
  countBackupRows,
  listPgliteBackups,
  restorePgliteBackup,
  type PgliteBackup,
} from '../server/src/platform/ops/backups';
import { METRICS_PORT_OFFSET } from '../server/src/config-ops';
import {
  backupCluster,
  checkCluster,
  readClusterBackups,
  restoreCluster,
  STATE_FILE,
  type ClusterBackups,
} from './lib/cluster-backups';
import { stopStartCluster } from './lib/patroni-restore';
import { SUPERVISOR_FILE } from './lib/rolling-restart';

const root = resolve(__dirname, '..');
const env = process.env;
const [command = '', ...args] = process.argv.slice(2);

/** A time as PostgreSQL and pgBackRest read it: '2026-11-28 12:00:00.000+00'. */
function postgresTime(at: Date): string {
  return at.toISOString().replace('T', ' ').replace('Z', '+00');
}

/** What `restore` was asked: a time, or null for `--latest`. */
function restoreTarget(): Date | null {
  const to = args.indexOf('--to');
  if (args.includes('--latest') && to < 0) return null;
  const text = to >= 0 ? args[to + 1] : undefined;
  const at = text ? new Date(text) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw new Error(
      "say when to restore to: --to '2026-11-28 12:00:00+00' (a time with its zone), or --latest",
    );
  }
  if (at.getTime() > Date.now()) throw new Error(`--to ${text} is in the future`);
  return at;
}

const wantsCluster = () => args.includes('--cluster') || Boolean(env.DATABASE_URL);
const clusterDataDir = () =>
  resolve(root, env.DATA_DIR ?? (wantsCluster() ? '.data-cluster' : '.data'));

/** The PostgreSQL cluster's record when the command is for it; null: PGlite. */
function clusterState(): ClusterBackups | null {
  const dataDir = clusterDataDir();
  const state = readClusterBackups(dataDir);
  if (wantsCluster() && !state) {
    throw new Error(
      `no pgBackRest set up in ${dataDir} (${STATE_FILE}): npm run start:cluster sets it up ` +
        '(docs/operations.md, "Backups and restore", for a PostgreSQL of your own)',
    );
  }
  return state;
}

const pgliteDataDir = () => resolve(root, env.DATA_DIR ?? '.data');

function describe(backup: PgliteBackup): string {
  const { takenAt, bytes, seconds } = backup.manifest;
  return `${takenAt}: ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s (${backup.dir})`;
}

/** Asks the running server for a backup on its metrics port. */
async function backupPglite(): Promise<void> {
  const port = Number(env.METRICS_PORT || Number(env.PORT ?? 8080) + METRICS_PORT_OFFSET);
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/backup`, { method: 'POST' });
  } catch {
    throw new Error(
      `no server answers on 127.0.0.1:${port} (its METRICS_PORT): PGlite is backed up by the ` +
        'running server, so start it (npm start), or say where with METRICS_PORT=… / PORT=…',
    );
  }
  const body = (await response.json()) as PgliteBackup & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `the server answered ${response.status}`);
  console.log(`Backup made: ${describe(body)}`);
}

async function restorePglite(at: Date | null): Promise<void> {
  const dataDir = pgliteDataDir();
  const backups = listPgliteBackups(dataDir);
  const backup = chooseBackup(backups, at);
  if (!backup) {
    throw new Error(
      backups.length === 0
        ? `no backups in ${join(dataDir, 'backups')}: npm run backup makes one`
        : `no backup was taken at or before ${at?.toISOString()}; the oldest is ${backups[0]!.manifest.takenAt}`,
    );
  }
  const started = Date.now();
  await restorePgliteBackup(dataDir, backup);
  console.log(
    `Restored the backup of ${backup.manifest.takenAt} into ${dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      ' (PGlite keeps no WAL: this is the newest backup at or before the time asked; the folder it' +
      ' replaced is kept as pglite.before-restore until the next restore). Start the server again.',
  );
}

async function checkPglite(): Promise<void> {
  const dataDir = pgliteDataDir();
  const newest = listPgliteBackups(dataDir).at(-1);
  if (!newest) throw new Error(`no backups in ${join(dataDir, 'backups')}: npm run backup`);
  const counts = await countBackupRows(newest);
  const hours = (Date.now() - Date.parse(newest.manifest.takenAt)) / 3_600_000;
  console.log(`Newest backup ${describe(newest)}, ${hours.toFixed(1)} hours old, opens with:`);
  for (const [table, rows] of Object.entries(counts)) console.log(`  ${table}: ${rows} rows`);
  if (!existsSync(join(newest.dir, 'images')) && newest.manifest.images) {
    throw new Error('its photos are missing');
  }
}

async function onCluster(state: ClusterBackups): Promise<void> {
  const started = Date.now();
  const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (command === 'backup') {
    const set = await backupCluster(state);
    console.log(
      `pgBackRest ${set.type} backup ${set.label}: ${(set.repoSize / 1e6).toFixed(1)} MB ` +
        `in the repository (database ${(set.size / 1e6).toFixed(1)} MB) in ${took()}`,
    );
  } else if (command === 'restore') {
    const at = restoreTarget();
    const to = at ? postgresTime(at) : 'the end of its archive';
    if (state.control.kind === 'patroni') {
      const supervisor = join(clusterDataDir(), SUPERVISOR_FILE);
      if (await stopStartCluster(supervisor, state.control, state.databaseUrl)) {
        console.log('npm run start:cluster is stopped (its newest WAL archived first).');
      }
      await restoreCluster(state, at ? postgresTime(at) : null);
      console.log(
        `Restored ${state.stanza} to ${to} in ${took()} into ${state.control.nodes[0]?.name}; the ` +
          'other nodes and etcd were cleared. Start the cluster again (STANDBYS=… npm run ' +
          'start:cluster): that node leads the restored data and the standbys are copied from it.',
      );
      return;
    }
    await restoreCluster(state, at ? postgresTime(at) : null);
    console.log(`Restored ${state.stanza} to ${to} in ${took()}; the primary is open for writes.`);
  } else {
    const { sets, timeline, newestWal } = await checkCluster(state);
    console.log(
      `pgBackRest check passed: the archive receives the primary's WAL (timeline ${timeline}, ` +
        `newest segment ${newestWal}). Backups (${sets.length}):`,
    );
    for (const set of sets) {
      console.log(`  ${set.label} ${set.type} ${new Date(set.stop * 1000).toISOString()}`);
    }
  }
}

async function main(): Promise<void> {
  if (!['backup', 'restore', 'check'].includes(command)) {
    throw new Error(
      'usage: tsx scripts/backup.ts backup | restore (--to <time> | --latest) | check',
    );
  }
  const state = clusterState();
  if (state) return onCluster(state);
  if (command === 'backup') return backupPglite();
  if (command === 'restore') return restorePglite(restoreTarget());
  return checkPglite();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
