/**
 * The image host's photos by perceptual hash (the table `image_hashes`): each stored original's
 * hash is kept when it is uploaded, or, for one stored before hashes were kept, the first time a
 * car showing it is checked (trust/photo-flags.ts compares them).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import type { ImageStore } from './image-files';
import type { ImageWork } from './image-work';
import { findOriginal } from './image-store';
import { hashBands, photoHash } from './photo-hash';

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
