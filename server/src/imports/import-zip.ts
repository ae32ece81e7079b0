/**
 * An import's photos: a ZIP kept on disk while its import lives, read with yauzl one entry at a
 * time (its central directory first, an entry's bytes only when asked), so no more than one
 * photo is ever in memory. Checked when uploaded: at most IMPORT_LIMITS.zipEntries entries, no
 * path outside the archive (absolute, `..`, a drive letter), every entry a JPEG, PNG, WebP or GIF
 * by its first bytes, each at most zipEntryBytes unpacked and zipEntryRatio times its packed
 * size, zipUnpackedBytes together (a ZIP bomb is refused before anything is unpacked; yauzl
 * also stops an entry whose bytes run past its declared size).
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { httpError } from '../platform/http/errors';
import { IMPORT_LIMITS } from './import-csv';

/** A photo in the ZIP, by the name a cell may give it. */
export interface ZipPhoto {
  /** Its path in the archive. */
  name: string;
  crc32: number;
  size: number;
  entry: Entry;
}

/** Files of no interest that archivers add (macOS's resource forks, hidden files). */
const ignored = (name: string) => name.startsWith('__MACOSX/') || /(^|\/)\./.test(name);

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|gif)$/i;

/** Whether the first bytes are those of a JPEG, PNG, WebP or GIF. */
function isImageStart(bytes: Buffer): boolean {
  const ascii = bytes.toString('latin1');
  return (
    (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) ||
    ascii.startsWith('\x89PNG') ||
    ascii.startsWith('GIF8') ||
    (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP')
  );
}

/** A path that stays inside the archive. */
function safePath(name: string): boolean {
  if (name.startsWith('/') || name.startsWith('\\') || /^[a-zA-Z]:/.test(name)) return false;
  return !name.split(/[/\\]/).includes('..');
}

export function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, decodeStrings: true, strictFileNames: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    );
  });
}

/** Every entry of the central directory, checked by `check` as it is read. */
function eachEntry(zip: ZipFile, check: (entry: Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      try {
        check(entry);
        zip.readEntry();
      } catch (error) {
        reject(error as Error);
      }
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** An entry's bytes (at most `limit` of them: the first bytes for a check). */
export function readEntry(zip: ZipFile, entry: Entry, limit = Infinity): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= limit) {
          stream.destroy();
          resolve(Buffer.concat(chunks).subarray(0, limit));
        }
      });
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

const bad = (message: string) => httpError(400, `photos: ${message}`);

/** The photos of the ZIP at `path`, by name; 400 naming the first thing wrong with it. */
export async function zipPhotos(path: string): Promise<Map<string, ZipPhoto>> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw bad('this is not a ZIP archive');
  }
  try {
    if (zip.entryCount > IMPORT_LIMITS.zipEntries) {
      throw bad(`the ZIP has ${zip.entryCount} entries; at most ${IMPORT_LIMITS.zipEntries}`);
    }
    const photos = new Map<string, ZipPhoto>();
    let unpacked = 0;
    await eachEntry(zip, (entry) => {
      const name = entry.fileName;
      if (!safePath(name)) throw bad(`the entry '${name.slice(0, 80)}' points outside the archive`);
      if (name.endsWith('/') || ignored(name)) return;
      unpacked += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (ratio > IMPORT_LIMITS.zipEntryRatio || unpacked > IMPORT_LIMITS.zipUnpackedBytes) {
        throw bad(`'${name.slice(0, 80)}' unpacks to far more than its size (a ZIP bomb?)`);
      }
      if (entry.uncompressedSize > IMPORT_LIMITS.zipEntryBytes) {
        throw bad(`'${name.slice(0, 80)}' is larger than 5 MB`);
      }
      if (!IMAGE_EXTENSIONS.test(name)) {
        throw bad(`'${name.slice(0, 80)}' is not a photo (JPEG, PNG, WebP or GIF)`);
      }
      photos.set(name, { name, crc32: entry.crc32, size: entry.uncompressedSize, entry });
    }).catch((error: Error & { statusCode?: number }) => {
      if (error.statusCode) throw error;
      if (/relative path|absolute path/i.test(error.message)) {
        throw bad('an entry points outside the archive');
      }
      throw bad(`the ZIP cannot be read (${error.message.slice(0, 120)})`);
    });
    // Each photo by its first bytes, one entry at a time.
    for (const photo of photos.values()) {
      const start = await readEntry(zip, photo.entry, 12).catch(() => Buffer.alloc(0));
      if (!isImageStart(start)) {
        throw bad(`'${photo.name.slice(0, 80)}' is not a photo (JPEG, PNG, WebP or GIF)`);
      }
    }
    return photos;
  } finally {
    zip.close();
  }
}

/**
 * The photo a cell names: its path in the archive, else its file name when one entry alone has
 * it (letter case ignored).
 */
export function findPhoto(photos: Map<string, ZipPhoto>, name: string): ZipPhoto | null {
  const exact = photos.get(name);
  if (exact) return exact;
  const wanted = name.toLowerCase();
  const matches = [...photos.values()].filter(
    (photo) =>
      photo.name.toLowerCase() === wanted || photo.name.toLowerCase().endsWith(`/${wanted}`),
  );
  return matches.length === 1 ? matches[0]! : null;
}

/** The photos of an import's ZIP (already checked), by name, for reading during a job. */
export async function openPhotos(
  path: string,
): Promise<{ zip: ZipFile; photos: Map<string, ZipPhoto> }> {
  const zip = await openZip(path);
  const photos = new Map<string, ZipPhoto>();
  await eachEntry(zip, (entry) => {
    if (entry.fileName.endsWith('/') || ignored(entry.fileName)) return;
    photos.set(entry.fileName, {
      name: entry.fileName,
      crc32: entry.crc32,
      size: entry.uncompressedSize,
      entry,
    });
  });
  return { zip, photos };
}
