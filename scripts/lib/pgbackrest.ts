/**
 * pgBackRest (Debian's `pgbackrest`) for a PostgreSQL primary on this machine: a configuration
 * and a repository of its own in one folder beside the primary's data, WAL archived by
 * PostgreSQL's `archive_command` as each segment fills, full and incremental backups, the
 * archive's check, and a point-in-time restore (`--type=time`, replaying the archived WAL up to
 * the time asked). Run as root, pgBackRest runs as the postgres user, who owns the folder.
 * Used by `npm run start:cluster`, `npm run backup`/`restore`/`backup:check` and the drill test.
 */
import { execFile } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ownFolder } from './postgres-pair';

const run = promisify(execFile);

export const PGBACKREST = process.env.PGBACKREST_BIN || '/usr/bin/pgbackrest';

/** Full backups kept (and the WAL they need) when BACKUP_RETENTION_FULL does not say. */
export const DEFAULT_RETENTION_FULL = 2;

export interface BackRestSetup {
  /** The stanza: pgBackRest's name for this database cluster. */
  stanza: string;
  /** pgBackRest's folder: its configuration, repository, logs and locks. */
  dir: string;
  /** The primary's data folder, port and socket folder. */
  pgData: string;
  pgPort: number;
  pgSocket: string;
  /** Full backups kept. */
  retentionFull: number;
}

/** The configuration file of a setup. */
export const configFile = (setup: Pick<BackRestSetup, 'dir'>) => join(setup.dir, 'pgbackrest.conf');

/** Whether pgBackRest is installed. */
export const backRestInstalled = () => existsSync(PGBACKREST);

/** Writes the folder and configuration of `setup` (the repository made by `createStanza`). */
export function writeBackRestConfig(setup: BackRestSetup): void {
  if (!backRestInstalled()) {
    throw new Error('pgBackRest is not installed: apt-get install -y pgbackrest');
  }
  ownFolder(setup.dir);
  for (const part of ['repo', 'log', 'lock', 'spool']) ownFolder(join(setup.dir, part));
  writeFileSync(
    configFile(setup),
    `# Written by CarDealer's scripts/lib/pgbackrest.ts; edits are overwritten at the next start.
[global]
repo1-path=${join(setup.dir, 'repo')}
repo1-retention-full=${setup.retentionFull}
log-path=${join(setup.dir, 'log')}
lock-path=${join(setup.dir, 'lock')}
spool-path=${join(setup.dir, 'spool')}
log-level-console=warn
log-level-file=info
start-fast=y
compress-type=lz4
process-max=2

[${setup.stanza}]
pg1-path=${setup.pgData}
pg1-port=${setup.pgPort}
pg1-socket-path=${setup.pgSocket}
pg1-user=postgres
`,
    { mode: 0o644 },
  );
}

/** PostgreSQL's settings that archive each WAL segment to the setup's repository. */
export function archiveSettings(
  setup: Pick<BackRestSetup, 'dir' | 'stanza'>,
): Record<string, string> {
  return {
    archive_mode: 'on',
    archive_command: `${PGBACKREST} --config=${configFile(setup)} --stanza=${setup.stanza} archive-push %p`,
    wal_level: 'replica',
    // A quiet database still archives its last segment within a minute: the newest commits
    // can be restored up to a minute behind.
    archive_timeout: '60',
  };
}

/** The settings as pg_ctl's `-o` takes them (`-c name='value'`). */
export function archiveOptions(setup: BackRestSetup): string[] {
  return Object.entries(archiveSettings(setup)).map(([name, value]) => `-c ${name}='${value}'`);
}

/**
 * The commands that work on a PostgreSQL data folder: they are told the setup's (which, under
 * Patroni, is the primary of the moment, not the one the configuration file names).
 */
const ON_DATA = new Set(['backup', 'check', 'restore', 'stanza-create']);
/** Of those, the ones that connect to it (a restore writes its folder only). */
const CONNECTING = new Set(['backup', 'check', 'stanza-create']);

/** Runs one pgBackRest command on the setup's stanza (as postgres when root); its output. */
export async function backRest(
  setup: BackRestSetup,
  command: string,
  args: string[] = [],
): Promise<string> {
  const where = [
    ...(ON_DATA.has(command) ? [`--pg1-path=${setup.pgData}`] : []),
    ...(CONNECTING.has(command) ? [`--pg1-port=${setup.pgPort}`] : []),
  ];
  const full = [
    `--config=${configFile(setup)}`,
    `--stanza=${setup.stanza}`,
    ...where,
    ...args,
    command,
  ];
  const asRoot = process.getuid?.() === 0;
  const [file, fileArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', PGBACKREST, ...full]]
    : [PGBACKREST, full];
  try {
    const { stdout } = await run(file, fileArgs, {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      // pgBackRest connects over the socket; the clusters made here want a password there.
      env: { ...process.env, PGPASSWORD: process.env.PGPASSWORD ?? 'postgres' },
    });
    return stdout;
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string; message: string };
    const said = `${failed.stderr ?? ''}\n${failed.stdout ?? ''}`.trim();
    throw new Error(`pgbackrest ${command} failed: ${said || failed.message}`);
  }
}

/** Makes the stanza's repository (idempotent). */
export async function createStanza(setup: BackRestSetup): Promise<void> {
  await backRest(setup, 'stanza-create');
}

/** One backup set as `pgbackrest info` lists it. */
export interface BackupSet {
  label: string;
  type: 'full' | 'diff' | 'incr';
  /** When it started and stopped (seconds since 1970). */
  start: number;
  stop: number;
  /** The database's size, and the backup's size in the repository (bytes). */
  size: number;
  repoSize: number;
}

interface InfoJson {
  /** The archive's oldest and newest WAL segment, per database (its id such as '15-1'). */
  archive?: { id: string; min: string | null; max: string | null }[];
  backup?: {
    label: string;
    type: BackupSet['type'];
    timestamp: { start: number; stop: number };
    info: { size: number; repository: { delta: number } };
  }[];
}

/** The stanza's backups, oldest first. */
export async function listBackupSets(setup: BackRestSetup): Promise<BackupSet[]> {
  const info = JSON.parse(await backRest(setup, 'info', ['--output=json'])) as InfoJson[];
  return (info[0]?.backup ?? []).map((set) => ({
    label: set.label,
    type: set.type,
    start: set.timestamp.start,
    stop: set.timestamp.stop,
    size: set.info.size,
    repoSize: set.info.repository.delta,
  }));
}

/**
 * The newest WAL segment in the archive (such as '000000020000000000000005': its first 8
 * hexadecimal digits are its timeline), or null before the first.
 */
export async function newestArchivedWal(setup: BackRestSetup): Promise<string | null> {
  const info = JSON.parse(await backRest(setup, 'info', ['--output=json'])) as InfoJson[];
  const maxima = (info[0]?.archive ?? []).map((archive) => archive.max ?? '').filter(Boolean);
  return maxima.sort().at(-1) ?? null;
}

/** A backup: full when the repository has none yet, else incremental. Answers the new set. */
export async function takeBackup(setup: BackRestSetup): Promise<BackupSet> {
  const type = (await listBackupSets(setup)).length === 0 ? 'full' : 'incr';
  await backRest(setup, 'backup', [`--type=${type}`]);
  const sets = await listBackupSets(setup);
  const newest = sets.at(-1);
  if (!newest) throw new Error('pgbackrest backup ended but lists no backup');
  return newest;
}

/**
 * Restores the stopped primary's data folder to `target` (PostgreSQL's time, such as
 * '2026-11-28 12:00:00+00'; null: the end of the archive), from the newest backup that ended
 * before it, the archived WAL replayed up to it; `--delta` rewrites only the files that differ.
 * The primary, started next, replays and then opens for writes on a new timeline.
 */
export async function restoreTo(setup: BackRestSetup, target: string | null): Promise<void> {
  ownFolder(setup.pgData);
  const args = ['--delta'];
  if (target) args.push('--type=time', `--target=${target}`, '--target-action=promote');
  await backRest(setup, 'restore', args);
}
