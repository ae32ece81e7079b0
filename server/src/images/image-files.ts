import { randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A stored file's name: `<sha256 of the content>.<ext>` (an original). */
export const STORED_NAME = /^([0-9a-f]{64})\.(jpg|png|webp|gif)$/;

/**
 * Resized copies made once at upload, WebP, named `<sha256 of the original>-<width>.webp`: the
 * card width, the thumbnail width and the full-screen width (never wider than the original).
 */
export const VARIANT_WIDTHS = { medium: 640, thumb: 160, large: 1600 } as const;

/**
 * Whether an original of this width has a large (full-screen) copy: only when it is wider than
 * the card copy, else the large copy would be the card copy again. The thumbnail and the card
 * copy are always made (as wide as the original when it is narrower).
 */
export function hasLargeCopy(originalWidth: number): boolean {
  return originalWidth > VARIANT_WIDTHS.medium;
}

export const VARIANT_NAME = new RegExp(
  `^([0-9a-f]{64})-(${Object.values(VARIANT_WIDTHS).join('|')})\\.webp$`,
);

/** The content types of the stored files, by extension. */
export const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** True for the names the image host stores under (an original or one of its copies). */
export function isImageName(name: string): boolean {
  return STORED_NAME.test(name) || VARIANT_NAME.test(name);
}

/** The content type of a stored name (by its extension). */
export function mimeOf(name: string): string {
  return MIME_BY_EXT[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}

/** What is known of a picture beside its bytes. */
export interface ImageInfo {
  mime: string;
  width: number;
  height: number;
}

export interface ImageFile {
  bytes: Buffer;
  mime: string;
}

/**
 * Where the image host keeps its files, by name. Names are content-addressed (`<sha256>.<ext>`,
 * `<sha256>-<width>.webp`), so a file is written once and never changes: whoever writes a name
 * first wins, and every later writer had the same bytes. Small on purpose: a folder and a
 * database table implement it; an S3-compatible bucket could (PUT with If-None-Match: *, GET,
 * HEAD, LIST).
 */
export interface ImageStore {
  /** Stores the file unless one of that name is stored already; true when this call wrote it. */
  put(name: string, bytes: Buffer, info: ImageInfo): Promise<boolean>;
  /** The file of this name, or null (also for a name that is not an image host name). */
  get(name: string): Promise<ImageFile | null>;
  /** Whether a file of this name is stored (without reading it). */
  has(name: string): Promise<boolean>;
  /** Every stored name (for the maintenance scripts), in no particular order. */
  list(): Promise<string[]>;
  /**
   * Writes a stored original again under its name. Only for `clean-images`, which removes the
   * metadata of originals stored before uploads were cleaned; nothing else rewrites a file.
   */
  replace(name: string, bytes: Buffer, info: ImageInfo): Promise<void>;
}

/** Refuses a name that is not content-addressed (so no caller can reach outside the store). */
export function checkImageName(name: string): void {
  if (!isImageName(name)) throw new Error(`not an image host file name: ${JSON.stringify(name)}`);
}

/**
 * The files in one folder of this machine: a single node's store (PGlite). A file is written
 * under a temporary name and renamed, so a reader never sees half of one.
 */
export class FolderImageStore implements ImageStore {
  constructor(readonly folder: string) {}

  async put(name: string, bytes: Buffer): Promise<boolean> {
    checkImageName(name);
    if (await this.has(name)) return false;
    await this.write(name, bytes);
    return true;
  }

  async get(name: string): Promise<ImageFile | null> {
    if (!isImageName(name)) return null;
    const bytes = await readFile(join(this.folder, name)).catch(() => null);
    return bytes && { bytes, mime: mimeOf(name) };
  }

  async has(name: string): Promise<boolean> {
    if (!isImageName(name)) return false;
    return stat(join(this.folder, name)).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.folder).catch(() => [] as string[]);
    return names.filter(isImageName);
  }

  async replace(name: string, bytes: Buffer): Promise<void> {
    checkImageName(name);
    await this.write(name, bytes);
  }

  private async write(name: string, bytes: Buffer): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const temporary = join(this.folder, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
    await writeFile(temporary, bytes);
    await rename(temporary, join(this.folder, name)).catch(async (error: unknown) => {
      await unlink(temporary).catch(() => undefined);
      throw error;
    });
  }
}
