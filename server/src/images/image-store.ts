import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { hasLargeCopy, VARIANT_WIDTHS, type ImageStore } from './image-files';
import type { ImageWork } from './image-work';

/** The formats accepted, by content (never by file name or declared type). */
export const IMAGE_FORMATS = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
  gif: { ext: 'gif', mime: 'image/gif' },
} as const;
type Format = keyof typeof IMAGE_FORMATS;

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * A decompression-bomb guard for stored files (counted over every frame of an animation): what
 * uploads accepted before their own, lower bound (`ImageWorkLimits.maxPixels`).
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** What one upload may cost: its pixels (every frame counted), and each sharp step's time. */
export interface UploadLimits {
  maxPixels: number;
  timeoutSeconds: number;
}

/** A pixel count as people say it: '49 megapixels', '0.3 megapixels'. */
function megapixels(pixels: number): string {
  const value = pixels / 1_000_000;
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} megapixels`;
}

export function variantFile(hash: string, width: number): string {
  return `${hash}-${width}.webp`;
}

export interface StoredVariant {
  file: string;
  width: number;
  height: number;
  size: number;
}

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
  /**
   * The resized WebP copies, by name: `medium` 640 px wide, `thumb` 160 px, and `large` 1600 px
   * for full screen, made only of an original wider than 640 px.
   */
  variants: { medium: StoredVariant; thumb: StoredVariant; large?: StoredVariant };
}

/** How a copy is made: each sharp step's time, and the line it waits in (none: at once). */
export interface VariantWork {
  timeoutSeconds?: number;
  /** Only for a copy made outside an upload's own job (which holds its place in the line). */
  work?: ImageWork;
}

/**
 * Makes (or finds) the resized WebP copy of a stored original: `width` px wide at most, the
 * height in proportion, turned upright by its EXIF orientation. Made once; later calls read
 * the existing file's size (`original` is then not needed: it may be a function that reads it).
 */
export async function makeVariant(
  store: ImageStore,
  hash: string,
  original: Buffer | (() => Promise<Buffer>),
  width: number,
  { timeoutSeconds = 0, work }: VariantWork = {},
): Promise<StoredVariant> {
  const file = variantFile(hash, width);
  const existing = (await store.get(file))?.bytes;
  const resize = async () =>
    sharp(typeof original === 'function' ? await original() : original, {
      limitInputPixels: MAX_IMAGE_PIXELS,
    })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .timeout({ seconds: timeoutSeconds })
      .toBuffer();
  const bytes = existing ?? (await (work ? work.run(resize) : resize()));
  const meta = await sharp(bytes).metadata();
  const size = { width: meta.width ?? 0, height: meta.height ?? 0 };
  if (!existing) await store.put(file, bytes, { mime: 'image/webp', ...size });
  return { file, ...size, size: bytes.length };
}

/** A picture's width once turned upright by its EXIF orientation (read from its header). */
export async function uprightWidth(bytes: Buffer): Promise<number> {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  return meta.autoOrient.width;
}

/** The original file of this hash, if stored (any accepted extension). */
export async function findOriginal(store: ImageStore, hash: string): Promise<Buffer | null> {
  for (const { ext } of Object.values(IMAGE_FORMATS)) {
    const file = await store.get(`${hash}.${ext}`);
    if (file) return file.bytes;
  }
  return null;
}

/**
 * The photo as it is kept: turned upright by its EXIF orientation, then encoded again in its own
 * format without any metadata (GPS position, camera owner, comments), so a seller's home never
 * goes public. An animated GIF or WebP keeps its frames.
 */
export async function withoutMetadata(
  bytes: Buffer,
  format: Format,
  timeoutSeconds = 0,
): Promise<Buffer> {
  const input = sharp(bytes, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    animated: format === 'gif' || format === 'webp',
  });
  const meta = await input.metadata();
  const animated = (meta.pages ?? 1) > 1;
  // Rotation applies to one frame; animations carry no EXIF orientation in practice.
  const upright = (animated ? input : input.rotate()).timeout({ seconds: timeoutSeconds });
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

/** What checkHeader found in a picture's header: its format and one frame's size. */
export interface CheckedHeader {
  format: Format;
  width: number;
  height: number;
}

/** sharp's error when a step ran past its `timeout` ('timeout: 42% complete'). */
const isTimeout = (error: unknown) => /^timeout: /.test((error as Error | null)?.message ?? '');

/**
 * Stores the bytes of a real JPEG, PNG, WebP or GIF, without their metadata, under the hash of
 * what is stored; `header` is what checkHeader read of them (the caller refuses a picture by its
 * header before it waits in the image work's line). Its sharp steps run one after another (one
 * thread of libuv's pool at a time: image-work.ts), each stopped after `limits.timeoutSeconds`:
 * a picture that takes longer is refused.
 */
export async function storeImage(
  store: ImageStore,
  bytes: Buffer,
  header: CheckedHeader,
  limits: UploadLimits,
): Promise<StoredImage> {
  try {
    return await decodeAndStore(store, bytes, header, limits);
  } catch (error) {
    if (!isTimeout(error)) throw error;
    throw new ImageRejected(
      400,
      `image: the picture took longer than ${limits.timeoutSeconds} s to process; send a smaller one`,
    );
  }
}

/**
 * Reads the header only (no pixel is decoded): the format, which must be one of the four, and
 * the pixel count, every frame counted (an animation is decoded whole), at most `maxPixels`.
 * Answers the format and one frame's size; throws ImageRejected (415, 400) otherwise.
 */
export async function checkHeader(bytes: Buffer, maxPixels: number): Promise<CheckedHeader> {
  let format: string | undefined;
  let width = 0;
  let height = 0;
  let frames = 1;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    frames = Math.max(1, meta.pages ?? 1);
  } catch {
    format = undefined;
  }
  if (!format || !(format in IMAGE_FORMATS)) {
    throw new ImageRejected(415, 'image: only JPEG, PNG, WebP and GIF images are accepted');
  }
  if (width < 1 || height < 1 || width * height * frames > maxPixels) {
    throw new ImageRejected(
      400,
      `image: at most ${maxPixels / 1_000_000} megapixels (this one has ${megapixels(width * height * frames)})`,
    );
  }
  return { format: format as Format, width, height };
}

async function decodeAndStore(
  store: ImageStore,
  bytes: Buffer,
  { format, width, height }: CheckedHeader,
  { maxPixels, timeoutSeconds }: UploadLimits,
): Promise<StoredImage> {
  try {
    // Decode it (small) to refuse truncated or corrupt files that only have a valid header.
    await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .resize(16, 16, { fit: 'inside' })
      .raw()
      .timeout({ seconds: timeoutSeconds })
      .toBuffer();
  } catch (error) {
    if (isTimeout(error)) throw error;
    throw new ImageRejected(400, 'image: the file is damaged and cannot be read');
  }
  const { ext, mime } = IMAGE_FORMATS[format];
  const clean = await withoutMetadata(bytes, format, timeoutSeconds);
  const upright = await sharp(clean, { limitInputPixels: maxPixels }).metadata();
  const hash = createHash('sha256').update(clean).digest('hex');
  const file = `${hash}.${ext}`;
  const size = {
    width: upright.width ?? width,
    height: upright.pageHeight ?? upright.height ?? height,
  };
  // Written once: the same photo uploaded again finds its name taken by the same bytes.
  await store.put(file, clean, { mime, ...size });
  // One after another: one pool thread at a time.
  const made = { timeoutSeconds };
  const medium = await makeVariant(store, hash, clean, VARIANT_WIDTHS.medium, made);
  const thumb = await makeVariant(store, hash, clean, VARIANT_WIDTHS.thumb, made);
  const large = hasLargeCopy(size.width)
    ? await makeVariant(store, hash, clean, VARIANT_WIDTHS.large, made)
    : undefined;
  return {
    id: hash,
    file,
    ...size,
    size: clean.length,
    mime,
    ext,
    variants: { medium, thumb, ...(large && { large }) },
  };
}
