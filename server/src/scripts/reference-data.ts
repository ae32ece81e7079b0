/** The reference data every database starts with, in every mode: the places and the brands. */
import { ensurePlaces } from '../places/load-places';
import { categories } from '../platform/db/schema';
import type { Db } from '../platform/db/client';

/** Reference data, in every mode: the four brands a new database starts with (docs/api.md). */
export const seedCategories = [
  {
    _id: 'tesla',
    categoryName: 'Tesla',
    image: '/images/categories/tesla.svg',
    rating: 4.8,
    position: 1,
  },
  {
    _id: 'ferrari',
    categoryName: 'Ferrari',
    image: '/images/categories/ferrari.svg',
    rating: 4.9,
    position: 2,
  },
  {
    _id: 'bmw',
    categoryName: 'BMW',
    image: '/images/categories/bmw.svg',
    rating: 4.7,
    position: 3,
  },
  {
    _id: 'lamborghini',
    categoryName: 'Lamborghini',
    image: '/images/categories/lamborghini.svg',
    rating: 4.9,
    position: 4,
  },
] as const;

/** The places (load-places.ts) and the four brands, on a database without them (its first start). */
export async function seedReferenceData(db: Db): Promise<void> {
  await ensurePlaces(db);
  await ensureCategories(db);
}

/**
 * The four brands on a database that has no category yet: once there, the categories are the
 * admins' (the Categories screen), so one they deleted or renamed stays so. Alone, for a drill
 * that never reads a car's place.
 */
export async function ensureCategories(db: Db): Promise<void> {
  const [any] = await db.select({ _id: categories._id }).from(categories).limit(1);
  if (any) return;
  // Replicas starting together may both get here: the second inserts nothing.
  await db
    .insert(categories)
    .values([...seedCategories])
    .onConflictDoNothing();
}
