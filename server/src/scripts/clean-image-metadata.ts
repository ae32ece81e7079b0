/**
 * Removes the metadata (GPS position, author, comments) from the photo originals already stored
 * by the image host before uploads were cleaned: `npm run clean-images` (where the server keeps
 * its photos: the database with DATABASE_URL, else the data folder's `images`; or a folder given
 * as argument). Each original is turned upright and encoded again
 * in its format, and written back under the same name, so every stored URL keeps working:
 * products' carPhoto, bookings' carImage, users' photo URLs (in the database and in the sign-in
 * provider) need no rewrite. The name was the hash of the bytes as uploaded; it stays a unique
 * name, no longer the hash of the content (new uploads are named by the hash of their cleaned
 * bytes, so uploading such a photo again stores a second file). Browsers and proxies may keep
 * the old bytes they already had (served as immutable). The resized WebP copies never carried
 * metadata. Safe to run again: a clean file is left as it is.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { loadServerConfig } from '../config';
import { openDatabase } from '../platform/db/client';
import { DatabaseImageStore } from '../images/database-image-store';
import { FolderImageStore, mimeOf, STORED_NAME, type ImageStore } from '../images/image-files';
import { type IMAGE_FORMATS, withoutMetadata } from '../images/image-store';
import { runScript } from './run-script';

type Format = keyof typeof IMAGE_FORMATS;

/** Skips a GIF's data sub-blocks (each length-prefixed, ended by a zero length) from `at`. */
function afterSubBlocks(bytes: Buffer, at: number): number {
  while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
  return at + 1;
}

/**
 * A GIF's comment, or an application block other than the animation's loop count (XMP is
 * one): sharp reports neither. Walks the blocks; anything unexpected ends the walk.
 */
export function gifHasTextBlocks(bytes: Buffer): boolean {
  if (bytes.length < 13) return false;
  const table = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let at = 13 + table(bytes[10]);
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x21) {
      const label = bytes[at + 1];
      if (label === 0xfe) return true;
      if (label === 0xff) {
        const application = bytes.toString('latin1', at + 3, at + 14);
        if (application !== 'NETSCAPE2.0' && application !== 'ANIMEXTS1.0') return true;
      }
      at = afterSubBlocks(bytes, at + 2);
    } else if (block === 0x2c) {
      // An image: its descriptor, its own colour table, the LZW code size, then its data.
      at = afterSubBlocks(bytes, at + 10 + table(bytes[at + 9]) + 1);
    } else {
      return false;
    }
  }
  return false;
}

/** A JPEG's comment segment (COM), which sharp does not report: walks the segments to the scan. */
export function jpegHasComment(bytes: Buffer): boolean {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xfe) return true;
    if (marker === 0xda) return false;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return false;
}

/** True when the image carries anything beyond its pixels worth removing. */
async function hasMetadata(bytes: Buffer): Promise<boolean> {
  const meta = await sharp(bytes).metadata();
  return (
    Boolean(meta.exif || meta.xmp || meta.iptc || meta.comments?.length) ||
    (meta.orientation ?? 1) > 1 ||
    (meta.format === 'gif' && gifHasTextBlocks(bytes)) ||
    (meta.format === 'jpeg' && jpegHasComment(bytes))
  );
}

export interface CleanReport {
  checked: number;
  cleaned: number;
  /** Originals that could not be read as pictures (left as they are, named here). */
  unreadable: string[];
}

/** Cleans every original of the store (its resized copies never carried metadata). */
export async function cleanImages(store: ImageStore): Promise<CleanReport> {
  const files = (await store.list()).filter((file) => STORED_NAME.test(file)).sort();
  const report: CleanReport = { checked: files.length, cleaned: 0, unreadable: [] };
  for (const file of files) {
    let clean: Buffer;
    let width: number;
    let height: number;
    try {
      const stored = await store.get(file);
      if (!stored) continue;
      if (!(await hasMetadata(stored.bytes))) continue;
      const format = (await sharp(stored.bytes).metadata()).format as Format;
      clean = await withoutMetadata(stored.bytes, format);
      const meta = await sharp(clean).metadata();
      width = meta.width ?? 0;
      height = meta.pageHeight ?? meta.height ?? 0;
    } catch {
      report.unreadable.push(file);
      continue;
    }
    // Atomically: a reader sees the old file or the new one, never half of one.
    await store.replace(file, clean, { mime: mimeOf(file), width, height });
    report.cleaned += 1;
  }
  return report;
}

function print(where: string, { checked, cleaned, unreadable }: CleanReport): number {
  console.log(`${where}: ${checked} originals checked, ${cleaned} cleaned of their metadata.`);
  if (unreadable.length > 0) {
    console.error(`Not pictures any more, left as they are: ${unreadable.join(', ')}`);
    return 1;
  }
  return 0;
}

async function main(args: string[]): Promise<number> {
  const config = loadServerConfig();
  if (args[0] || !config.databaseUrl) {
    const folder = args[0] ?? join(config.dataDir, 'images');
    return print(folder, await cleanImages(new FolderImageStore(folder)));
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    return print('the database', await cleanImages(new DatabaseImageStore(database.db)));
  } finally {
    await database.close();
  }
}

if (require.main === module) runScript(main);
