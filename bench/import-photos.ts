/**
 * The photos of `bench:import`'s photo mode: one JPEG of its own per row (1024 × 768, a smooth
 * picture of random colours, so that no two look alike to the perceptual hash), in one ZIP. The
 * same rows always make the same ZIP, so it is made once (a few minutes on a busy machine) and
 * kept in the system's temporary folder for the next runs.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { zipOf, type ZipEntry } from '../server/test/zip-fixture';

const WIDTH = 1024;
const HEIGHT = 768;
/** The random picture's own size, blown up to WIDTH × HEIGHT. */
const GRID = { width: 16, height: 12 };

/** The ZIP entry row `i` (from 0) names. */
export const photoName = (i: number) => `car-${String(i + 1).padStart(4, '0')}.jpg`;

/** A small deterministic random generator (mulberry32), so the same rows make the same ZIP. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

async function photo(i: number): Promise<Buffer> {
  const next = random(i + 1);
  const pixels = Buffer.from(
    Array.from({ length: GRID.width * GRID.height * 3 }, () => Math.floor(next() * 256)),
  );
  return sharp(pixels, { raw: { ...GRID, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** The ZIP of `rows` photos (made now, or read from the one kept). */
export async function photosZip(rows: number): Promise<Buffer> {
  const file = join(tmpdir(), `cardealer-bench-import-photos-${rows}-${WIDTH}.zip`);
  if (existsSync(file)) return readFileSync(file);
  const started = performance.now();
  const entries: ZipEntry[] = [];
  for (let i = 0; i < rows; i++) entries.push({ name: photoName(i), data: await photo(i) });
  const zip = zipOf(entries);
  writeFileSync(`${file}.part`, zip);
  renameSync(`${file}.part`, file);
  console.log(
    `${rows} photos made in ${((performance.now() - started) / 1000).toFixed(1)} s (${file})`,
  );
  return zip;
}
