import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is an embedded database: two processes opening one data folder would corrupt it. The
 * server holds this lock file (its pid) while it runs; other tools (make-admin) refuse to open
 * the folder while the lock names a live process.
 */
export function lockFile(dataDir: string): string {
  return join(dataDir, 'pglite.lock');
}

/** The pid of a live process holding the lock, else null (a stale lock is ignored). */
export function pgliteLockHolder(dataDir: string): number | null {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM' ? pid : null;
  }
}

/** Takes the lock (throws if a live process holds it); answers a function that releases it. */
export function acquirePgliteLock(dataDir: string): () => void {
  const holder = pgliteLockHolder(dataDir);
  if (holder) {
    throw new Error(
      `The PGlite data folder ${dataDir} is in use by process ${holder}; stop it first (or use DATABASE_URL)`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(lockFile(dataDir), String(process.pid));
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      if (readFileSync(lockFile(dataDir), 'utf8').trim() === String(process.pid)) {
        rmSync(lockFile(dataDir), { force: true });
      }
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}
