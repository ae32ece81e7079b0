/**
 * Moves the image host's files from a folder into the database: `npm run images:to-db` (the
 * data folder's `images`, or a folder given as argument), for a deployment that goes from one
 * node to PostgreSQL (DATABASE_URL), where every replica serves the photos from the database.
 * The originals and their resized copies keep their names, so every stored URL keeps working.
 * Safe to run again: a name already in the database is skipped (names are content-addressed,
 * so it holds the same bytes). The folder is left as it is; remove it once the replicas serve
 * every photo.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadServerConfig } from '../config';
import { openDatabase } from '../platform/db/client';
import { DatabaseImageStore } from '../images/database-image-store';
import { FolderImageStore, mimeOf, type ImageStore } from '../images/image-files';
import { runScript } from './run-script';

export interface MoveReport {
  /** Files written to the target by this run. */
  moved: number;
  /** Files the target had already. */
  skipped: number;
}

/** Copies every image host file of `from` that `to` lacks. */
export async function moveImages(from: ImageStore, to: ImageStore): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, skipped: 0 };
  for (const name of (await from.list()).sort()) {
    if (await to.has(name)) {
      report.skipped += 1;
      continue;
    }
    const file = await from.get(name);
    if (!file) continue;
    // Its size as the table keeps it; a file that is no picture any more is moved as it is.
    const meta = await sharp(file.bytes)
      .metadata()
      .catch(() => null);
    const width = meta?.width ?? 0;
    const height = meta?.pageHeight ?? meta?.height ?? 0;
    if (await to.put(name, file.bytes, { mime: mimeOf(name), width, height })) report.moved += 1;
    else report.skipped += 1;
  }
  return report;
}

async function main(args: string[]): Promise<number> {
  const config = loadServerConfig();
  if (!config.databaseUrl) {
    console.error(
      'images:to-db needs DATABASE_URL: the photos move into that PostgreSQL database. ' +
        'Without it the server uses PGlite and serves its photos from the data folder, so ' +
        'there is nothing to move.',
    );
    return 2;
  }
  const folder = args[0] ?? join(config.dataDir, 'images');
  if (
    !(await stat(folder).then(
      (info) => info.isDirectory(),
      () => false,
    ))
  ) {
    console.error(`${folder} is not a folder: give the folder of the photos as argument.`);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const { moved, skipped } = await moveImages(
      new FolderImageStore(folder),
      new DatabaseImageStore(database.db),
    );
    console.log(`${folder} into the database: ${moved} moved, ${skipped} skipped (already there).`);
    return 0;
  } finally {
    await database.close();
  }
}

if (require.main === module) runScript(main);
