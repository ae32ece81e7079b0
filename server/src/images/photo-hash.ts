/**
 * A photo's perceptual hash (the 'same_photo' flag's): a 64-bit difference hash. The
 * picture, turned upright, is shrunk to 9 × 8 grey pixels; each bit says whether a pixel is
 * brighter than its right-hand neighbour. Re-encoding, resizing or a little retouching leave
 * the hash nearly the same (a few bits); another photo differs in about half of them.
 */
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from './image-store';

/** Photos whose hashes differ in at most this many bits are taken as the same photo. */
export const SAME_PHOTO_DISTANCE = 6;

/** The hash as a signed 64-bit integer (PostgreSQL's bigint). */
export async function photoHash(bytes: Buffer): Promise<bigint> {
  const grey = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .removeAlpha()
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const left = grey[y * 9 + x] ?? 0;
      const right = grey[y * 9 + x + 1] ?? 0;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/**
 * The hash's index keys: for each of the 28 pairs of its 8 bytes, `pair * 65536 + the two bytes`.
 * Two hashes within SAME_PHOTO_DISTANCE (6) bits differ in at most 6 bytes, so at least 2 bytes
 * are equal and they share the key of that pair; a key matches about 1 photo in 65,536 others.
 */
export function hashBands(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  const bytes = Array.from({ length: 8 }, (_, i) => Number((unsigned >> BigInt(i * 8)) & 0xffn));
  const keys: number[] = [];
  for (let i = 0; i < 8; i++) {
    for (let j = i + 1; j < 8; j++) keys.push(keys.length * 65536 + bytes[i]! * 256 + bytes[j]!);
  }
  return keys;
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
