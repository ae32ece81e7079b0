/**
 * Removes the metadata (GPS position, author, comments) from the photo originals already stored
 * by the image host before uploads were cleaned: `npm run clean-images` (the data folder's
 * `images`, or a folder given as argument). Each original is turned upright and encoded again
 * in its format, and written back under the same name, so every stored URL keeps working (the
 * name was the hash of the bytes as uploaded; it stays a unique name, no longer a hash of the
 * content). The resized WebP copies never carried metadata. Safe to run again: a clean file is
 * left as it is.
 */
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadServerConfig } from '../config';
import { type IMAGE_FORMATS, STORED_NAME, withoutMetadata } from '../image-host/image-store';
import { runScript } from './run-script';

type Format = keyof typeof IMAGE_FORMATS;

/** True when the image carries anything beyond its pixels worth removing. */
async function hasMetadata(bytes: Buffer): Promise<boolean> {
  const meta = await sharp(bytes).metadata();
  return Boolean(
    meta.exif || meta.xmp || meta.iptc || meta.comments?.length || (meta.orientation ?? 1) > 1,
  );
}

export async function cleanImageFolder(
  folder: string,
): Promise<{ checked: number; cleaned: number }> {
  const files = (await readdir(folder).catch(() => [] as string[])).filter((file) =>
    STORED_NAME.test(file),
  );
  let cleaned = 0;
  for (const file of files) {
    const path = join(folder, file);
    const bytes = await readFile(path);
    if (!(await hasMetadata(bytes))) continue;
    const format = (await sharp(bytes).metadata()).format as Format;
    const clean = await withoutMetadata(bytes, format);
    // Atomically: a reader sees the old file or the new one, never half of one.
    const temporary = `${path}.cleaning`;
    await writeFile(temporary, clean);
    await rename(temporary, path);
    cleaned += 1;
  }
  return { checked: files.length, cleaned };
}

async function main(args: string[]): Promise<number> {
  const folder = args[0] ?? join(loadServerConfig().dataDir, 'images');
  const { checked, cleaned } = await cleanImageFolder(folder);
  console.log(`${folder}: ${checked} originals checked, ${cleaned} cleaned of their metadata.`);
  return 0;
}

if (require.main === module) runScript(main);
