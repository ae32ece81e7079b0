/**
 * The image host's photos by perceptual hash (the table `image_hashes`): each stored
 * original's hash is kept when it is uploaded (or, for one stored before, the first time a car
 * of it is checked), and a car's photos are compared with other sellers' live listings' photos
 * through two indexes: the hash's bands (GIN) find the candidates, their distance is checked, and
 * `photo_images(photos)` (GIN) finds the listings that show them. No photo is read to compare.
 */
import { sql } from 'drizzle-orm';
import { forSaleAs } from '../platform/db/for-sale';
import { rowsOf } from '../cars/car-rows';
import type { Db } from '../platform/db/client';
import type { ImageStore } from '../images/image-files';
import type { ImageWork } from '../images/image-work';
import { findOriginal } from '../images/image-store';
import { SAME_PHOTO_DISTANCE, hashBands, photoHash } from './photo-hash';

/** Keeps the hash of the stored original `image` (its content's sha256) made of `bytes`. */
export async function rememberPhotoHash(db: Db, image: string, bytes: Buffer): Promise<void> {
  const hash = await photoHash(bytes);
  const bands = `{${hashBands(hash).join(',')}}`;
  await db.execute(sql`
    insert into image_hashes (image, hash, bands) values (${image}, ${hash.toString()}::bigint,
      ${bands}::integer[])
    on conflict (image) do nothing`);
}

/**
 * Hashes the car's photos on the image host that have none yet (stored before photos were hashed).
 * Decoding is image work: with `work`, a photo is hashed only while the image work has a free slot,
 * never waiting behind uploads; one left over is hashed at a later check of the car.
 */
export async function ensurePhotoHashes(
  db: Db,
  store: ImageStore,
  productId: string,
  work?: ImageWork,
) {
  const missing = await rowsOf<{ image: string }>(
    db,
    sql`
    select distinct img.image from products p
    cross join unnest(photo_images(p.photos)) as img(image)
    where p.id = ${productId}
      and not exists (select 1 from image_hashes h where h.image = img.image)`,
  );
  for (const { image } of missing) {
    const bytes = await findOriginal(store, image);
    if (!bytes) continue;
    const remember = () => rememberPhotoHash(db, image, bytes);
    if (!work) await remember();
    else if (!(await work.runIfFree(remember))) return;
  }
}

/**
 * Another seller's live listing showing one of the car's photos (the same picture re-encoded,
 * resized or lightly retouched: at most SAME_PHOTO_DISTANCE bits apart): what the flag says.
 * Each step is one indexed query with the previous step's values as constants: the car's
 * hashes; per hash, the near ones (the GIN index on `bands`); the listings showing those (the
 * GIN index on `photo_images(photos)`).
 */
export async function samePhotoAs(db: Db, productId: string): Promise<string | null> {
  const mine = await rowsOf<{ hash: string; bands: number[]; email: string }>(
    db,
    sql`
    select h.hash::text as hash, h.bands, p.email from products p
    cross join unnest(photo_images(p.photos)) as img(image)
    join image_hashes h on h.image = img.image
    where p.id = ${productId}`,
  );
  const near = new Set<string>();
  for (const { hash, bands } of mine) {
    const found = await rowsOf<{ image: string }>(
      db,
      sql`
      select image from image_hashes
      where bands && ${`{${bands.join(',')}}`}::integer[]
        and bit_count((hash # ${hash}::bigint)::bit(64)) <= ${SAME_PHOTO_DISTANCE}`,
    );
    for (const { image } of found) near.add(image);
  }
  if (near.size === 0) return null;
  const [match] = await rowsOf<{ id: string }>(
    db,
    sql`
    select o.id from products o
    where photo_images(o.photos) && ${`{${[...near].join(',')}}`}::text[]
      and o.email <> ${mine[0]!.email} and o.id <> ${productId} and ${forSaleAs('o')}
    order by o.created_at, o.id limit 1`,
  );
  return match ? `A photo is also on listing ${match.id}` : null;
}
