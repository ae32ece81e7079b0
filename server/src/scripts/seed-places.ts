/**
 * The demo's places: each demo car at the one US place its Location names ('Denver, CO', 'Mesa,
 * AZ'), by the rule a car posted through the API follows, and each demo seller at the place of
 * their first car (their lot: Bayside in Oakland, Mesa Auto Group in Mesa).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { users } from '../platform/db/schema';
import { placeOfText, type Place } from '../places/places';

interface DemoRow {
  productLocation: string;
  email: string;
}

/** The rows with the zip and point of the place each one's location names (if any). */
export async function withDemoPlaces<T extends DemoRow>(db: Db, rows: T[]) {
  const places = new Map<string, Place | null>();
  for (const { productLocation } of rows) {
    if (!places.has(productLocation)) {
      places.set(productLocation, await placeOfText(db, productLocation));
    }
  }
  return rows.map((row) => {
    const place = places.get(row.productLocation);
    return place
      ? { ...row, zip: place.zip, latitude: place.latitude, longitude: place.longitude }
      : row;
  });
}

/** Gives each seller of these rows without a ZIP the ZIP of their first placed car. */
export async function placeDemoSellers(db: Db, rows: { email: string; zip?: string | null }[]) {
  const zips = new Map<string, string>();
  for (const { email, zip } of rows) if (zip && !zips.has(email)) zips.set(email, zip);
  for (const [email, zip] of zips) {
    await db
      .update(users)
      .set({ zip })
      .where(and(eq(users.email, email), isNull(users.zip)));
  }
}
