/**
 * Cars showing another seller's photos, by the photos' perceptual hashes (`image_hashes`, kept by
 * the image host: images/photo-hashes.ts). A car's photos are compared with other sellers' live
 * listings' photos through two indexes: the hash's bands (GIN) find the candidates, their distance is checked, and
 * `photo_images(photos)` (GIN) finds the listings that show them. No photo is read to compare.
 */
import { sql } from 'drizzle-orm';
import { forSaleAs } from '../platform/db/for-sale';
import { rowsOf } from '../platform/db/rows';
import type { Db } from '../platform/db/client';
import { SAME_PHOTO_DISTANCE } from '../images/photo-hash';

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
