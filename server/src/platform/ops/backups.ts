/**
 * Backups of the embedded PGlite, and the record of every backup on either engine.
 *
 * PGlite keeps no write-ahead log to replay, so its backups are whole copies: the running server
 * (the one process that may open the folder) makes PGlite's data-directory dump, and beside it
 * copies the photos on disk and the sign-in emulator's exported accounts, into
 * `DATA_DIR/backups/<time>/`. A restore, with the server stopped, brings back the newest copy
 * taken at or before the time asked. PostgreSQL's backups are pgBackRest's (scripts/lib/pgbackrest.ts);
 * both record each backup in the `backups` table, which the metrics read on every replica.
 */
import { sql } from 'drizzle-orm';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import { createPglite, type Database, type Db } from '../db/client';
import { pgliteLockHolder } from '../db/pglite-lock';
import { rowsOf } from '../db/rows';

/** How many PGlite backups are kept when BACKUP_KEEP does not say. */
export const DEFAULT_BACKUP_KEEP = 7;

/** The dump's file, the photos' and the accounts' folders inside one backup's folder. */
const DUMP_FILE = 'pglite.tar.gz';
const MANIFEST_FILE = 'manifest.json';
/** What `npm start` names the data folder's parts (server/src/main.ts, scripts/start.ts). */
const PARTS = { database: 'pglite', images: 'images', accounts: 'auth-emulator' } as const;

export interface BackupManifest {
  engine: 'pglite';
  /** When the dump was asked for (ISO 8601): every commit before it is in the copy. */
  takenAt: string;
  /** The dump's size in bytes. */
  bytes: number;
  /** How long the backup took, in seconds. */
  seconds: number;
  /** Whether the photos' and the emulator accounts' folders were there to copy. */
  images: boolean;
  accounts: boolean;
}

export interface PgliteBackup {
  /** The backup's folder. */
  dir: string;
  manifest: BackupManifest;
}

/** Where a data folder's backups are kept. */
export function backupsFolder(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** A folder name that sorts by time and is valid on every file system: 2026-11-28T120000.123Z. */
function folderName(at: Date): string {
  return at.toISOString().replace(/:/g, '');
}

/** Notes a backup in the `backups` table (the metrics' backup age reads it). */
export async function recordBackup(
  db: Db,
  backup: { engine: string; kind: string; label: string; bytes: number; takenAt?: Date },
): Promise<void> {
  const takenAt = (backup.takenAt ?? new Date()).toISOString();
  await db.execute(sql`insert into backups (taken_at, engine, kind, label, bytes)
    values (${takenAt}, ${backup.engine}, ${backup.kind}, ${backup.label}, ${backup.bytes})`);
}

/** Seconds since the newest backup recorded; +Inf when none ever was. */
export async function backupAgeSeconds(db: Db): Promise<number> {
  const [row] = await rowsOf<{ age: number | string | null }>(
    db,
    sql`select extract(epoch from now() - max(taken_at)) as age from backups`,
  );
  return row?.age === null || row?.age === undefined ? Infinity : Math.max(0, Number(row.age));
}

/** The complete backups of `dataDir` (those with a manifest), oldest first. */
export function listPgliteBackups(dataDir: string): PgliteBackup[] {
  const folder = backupsFolder(dataDir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => existsSync(join(folder, name, MANIFEST_FILE)))
    .map((name) => ({
      dir: join(folder, name),
      manifest: JSON.parse(
        readFileSync(join(folder, name, MANIFEST_FILE), 'utf8'),
      ) as BackupManifest,
    }))
    .sort((a, b) => Date.parse(a.manifest.takenAt) - Date.parse(b.manifest.takenAt));
}

/** The newest backup taken at or before `at` (null: the newest of all); null when none is. */
export function chooseBackup(backups: PgliteBackup[], at: Date | null): PgliteBackup | null {
  const fitting = at
    ? backups.filter((backup) => Date.parse(backup.manifest.takenAt) <= at.getTime())
    : backups;
  return fitting.at(-1) ?? null;
}

/** Copies `from` to `to` when it exists; answers whether it did. */
function copyFolder(from: string, to: string): boolean {
  if (!existsSync(from)) return false;
  cpSync(from, to, { recursive: true });
  return true;
}

/**
 * Makes a backup of a running PGlite server's data: its dump, the photos and the emulator's
 * accounts, written first to a `.partial` folder renamed when complete (a backup cut short is
 * never listed), then removes all but the newest `keep`.
 */
export async function takePgliteBackup(
  database: Database,
  dataDir: string,
  keep: number = DEFAULT_BACKUP_KEEP,
): Promise<PgliteBackup> {
  if (!database.dumpDataDir) throw new Error('only PGlite is backed up by the server');
  const started = new Date();
  const name = folderName(started);
  const folder = backupsFolder(dataDir);
  const partial = join(folder, `${name}.partial`);
  mkdirSync(partial, { recursive: true });
  try {
    // Recorded first, so that the copy itself knows it was taken (its age after a restore).
    await recordBackup(database.db, { engine: 'pglite', kind: 'dump', label: name, bytes: 0 });
    const dump = Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
    writeFileSync(join(partial, DUMP_FILE), dump);
    const manifest: BackupManifest = {
      engine: 'pglite',
      takenAt: started.toISOString(),
      bytes: dump.length,
      images: copyFolder(join(dataDir, PARTS.images), join(partial, PARTS.images)),
      accounts: copyFolder(join(dataDir, PARTS.accounts), join(partial, PARTS.accounts)),
      seconds: 0,
    };
    manifest.seconds = (Date.now() - started.getTime()) / 1000;
    writeFileSync(join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
    const dir = join(folder, name);
    renameSync(partial, dir);
    pruneBackups(dataDir, keep);
    return { dir, manifest };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** Removes all but the newest `keep` backups (and any `.partial` left by a crash). */
export function pruneBackups(dataDir: string, keep: number): void {
  const folder = backupsFolder(dataDir);
  for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.partial'))) {
    // One still being written is younger than a minute: left alone.
    if (Date.now() - statSync(join(folder, name)).mtimeMs > 60_000) {
      rmSync(join(folder, name), { recursive: true, force: true });
    }
  }
  const backups = listPgliteBackups(dataDir);
  for (const old of backups.slice(0, Math.max(0, backups.length - keep))) {
    rmSync(old.dir, { recursive: true, force: true });
  }
}

/** The dump of a backup, as PGlite's `loadDataDir` takes it. */
export function backupDump(backup: PgliteBackup): Blob {
  return new Blob([readFileSync(join(backup.dir, DUMP_FILE))]);
}

/** Replaces `dataDir`'s part `part` with the backup's copy (or nothing, if it had none). */
function replacePart(dataDir: string, backup: PgliteBackup, part: string): void {
  rmSync(join(dataDir, part), { recursive: true, force: true });
  copyFolder(join(backup.dir, part), join(dataDir, part));
}

/**
 * Brings `backup` back into `dataDir`, whose server must be stopped: the database from the dump
 * (the folder it replaces kept once as `pglite.before-restore`), the photos and the accounts.
 */
export async function restorePgliteBackup(
  dataDir: string,
  backup: PgliteBackup,
  options: PGliteOptions = {},
): Promise<void> {
  const holder = pgliteLockHolder(dataDir);
  if (holder) {
    throw new Error(
      `the server (process ${holder}) has ${dataDir} open: stop it first (PGlite's folder belongs to one process)`,
    );
  }
  const current = join(dataDir, PARTS.database);
  const before = join(dataDir, `${PARTS.database}.before-restore`);
  if (existsSync(current)) {
    rmSync(before, { recursive: true, force: true });
    renameSync(current, before);
  }
  mkdirSync(current, { recursive: true });
  const pglite = await createPglite(current, { ...options, loadDataDir: backupDump(backup) });
  await pglite.close();
  replacePart(dataDir, backup, PARTS.images);
  replacePart(dataDir, backup, PARTS.accounts);
}

/** Rows in the key tables of a backup's dump, opened in a throwaway in-memory PGlite. */
export async function countBackupRows(
  backup: PgliteBackup,
  options: PGliteOptions = {},
): Promise<Record<string, number>> {
  const pglite = await createPglite(undefined, { ...options, loadDataDir: backupDump(backup) });
  try {
    const counts: Record<string, number> = {};
    for (const table of KEY_TABLES) {
      const { rows } = await pglite.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      counts[table] = rows[0]?.n ?? 0;
    }
    return counts;
  } finally {
    await pglite.close();
  }
}

/** The tables `backup:check` counts: accounts, cars, bookings, messages, photos. */
export const KEY_TABLES = ['users', 'products', 'orders', 'messages', 'image_files'] as const;
