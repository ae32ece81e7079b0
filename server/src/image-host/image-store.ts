import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

/** The formats accepted, by content (never by file name or declared type). */
export const IMAGE_FORMATS = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
} as const;
type Format = keyof typeof IMAGE_FORMATS;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A decompression-bomb guard: 50 megapixels is more than any phone camera takes. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** A stored file's name: `<sha256 of the content>.<ext>`. */
export const STORED_NAME = /^([0-9a-f]{64})\.(jpg|png|webp|gif)$/;

/**
 * Resized copies made once at upload, WebP, named `<sha256 of the original>-<width>.webp`: the
 * card width and the thumbnail width (never wider than the original).
 */
export const VARIANT_WIDTHS = { medium: 640, thumb: 160 } as const;
export const VARIANT_NAME = new RegExp(
  `^([0-9a-f]{64})-(${Object.values(VARIANT_WIDTHS).join('|')})\\.webp$`,
);

export function variantFile(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

export interface StoredVariant {
  file: string;
  width: number;
  height: number;
  size: number;
}

export const MIME_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.values(IMAGE_FORMATS).map((f) => [f.ext, f.mime]),
);

export class ImageRejected extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export interface StoredImage {
  id: string;
  file: string;
  width: number;
  height: number;
  size: number;
  mime: string;
  ext: string;
  /** The resized WebP copies, by name (`medium` 640 px wide, `thumb` 160 px). */
  variants: Record<keyof typeof VARIANT_WIDTHS, StoredVariant>;
}

/** Writes a file under its final name atomically (a temporary name, then a rename). */
async function writeOnce(folder: string, file: string, bytes: Buffer): Promise<void> {
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `.${file}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temporary, bytes);
  await rename(temporary, join(folder, file)).catch(async (error) => {
    await unlink(temporary).catch(() => undefined);
    throw error;
  });
}

/**
 * Makes (or finds) the resized WebP copy of a stored original: `width` px wide at most, the
 * height in proportion, turned upright by its EXIF orientation. Made once; later calls read
 * the existing file's size (`original` is then not needed: it may be a function that reads it).
 */
export async function makeVariant(
  folder: string,
  hash: string,
  original: Buffer | (() => Promise<Buffer>),
  width: number,
): Promise<StoredVariant> {
  const file = variantFile(hash, width);
  const path = join(folder, file);
  const existing = await readFile(path).catch(() => null);
  const bytes =
    existing ??
    (await sharp(typeof original === 'function' ? await original() : original, {
      limitInputPixels: MAX_IMAGE_PIXELS,
    })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer());
  if (!existing) await writeOnce(folder, file, bytes);
  const meta = await sharp(bytes).metadata();
  return { file, width: meta.width ?? 0, height: meta.height ?? 0, size: bytes.length };
}

/** The original file of this hash, if stored (any accepted extension). */
export async function findOriginal(folder: string, hash: string): Promise<Buffer | null> {
  for (const { ext } of Object.values(IMAGE_FORMATS)) {
    const bytes = await readFile(join(folder, `${hash}.${ext}`)).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}

/**
 * The photo as it is kept: turned upright by its EXIF orientation, then encoded again in its own
 * format without any metadata (GPS position, camera owner, comments), so a seller's home never
 * goes public. An animated GIF or WebP keeps its frames.
 */
export async function withoutMetadata(bytes: Buffer, format: Format): Promise<Buffer> {
  const input = sharp(bytes, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    animated: format === 'gif' || format === 'webp',
  });
  const meta = await input.metadata();
  const animated = (meta.pages ?? 1) > 1;
  // Rotation applies to one frame; animations carry no EXIF orientation in practice.
  const upright = animated ? input : input.rotate();
  switch (format) {
    case 'jpeg':
      return upright.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'png':
      return upright.png({ compressionLevel: 9 }).toBuffer();
    case 'webp':
      return upright.webp({ quality: 90 }).toBuffer();
    case 'gif':
      return upright.gif().toBuffer();
  }
}

/**
 * Checks that the bytes are a real JPEG, PNG, WebP or GIF and stores them, without their
 * metadata, under the hash of what is stored.
 */
export async function storeImage(folder: string, bytes: Buffer): Promise<StoredImage> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // Reads the header only: the pixel count is checked before anything is decoded.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    format = undefined;
  }
  if (!format || !(format in IMAGE_FORMATS)) {
    throw new ImageRejected(415, 'image: only JPEG, PNG, WebP and GIF images are accepted');
  }
  if (width < 1 || height < 1 || width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejected(400, `image: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
  }
  try {
    // Decode it (small) to refuse truncated or corrupt files that only have a valid header.
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .resize(16, 16, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw new ImageRejected(400, 'image: the file is damaged and cannot be read');
  }
  const { ext, mime } = IMAGE_FORMATS[format as Format];
  const clean = await withoutMetadata(bytes, format as Format);
  const upright = await sharp(clean, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const hash = createHash('sha256').update(clean).digest('hex');
  const file = `${hash}.${ext}`;
  const path = join(folder, file);
  const exists = await stat(path).then(
    () => true,
    () => false,
  );
  if (!exists) await writeOnce(folder, file, clean);
  const [medium, thumb] = await Promise.all([
    makeVariant(folder, hash, clean, VARIANT_WIDTHS.medium),
    makeVariant(folder, hash, clean, VARIANT_WIDTHS.thumb),
  ]);
  return {
    id: hash,
    file,
    width: upright.width ?? width,
    height: upright.pageHeight ?? upright.height ?? height,
    size: clean.length,
    mime,
    ext,
    variants: { medium, thumb },
  };
}
