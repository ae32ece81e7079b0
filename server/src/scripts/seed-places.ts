/**
 * The demo's places: each demo car at the one US place its Location names ('Denver, CO', 'Mesa,
 * AZ'), by the rule a car posted through the API follows, and each demo seller at the place of
 * their first car (their lot: Bayside in Oakland, Mesa Auto Group in Mesa).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
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

/**
 * The demo's dealers: two sellers with a dealer profile at their lot (their account's ZIP code),
 * one verified and one not (the tick is not what makes a dealer). Kept as written once.
 */
export async function seedDemoDealers(db: Db, dealers: DemoDealer[]): Promise<void> {
  for (const { email, name, address, phone, hours, website } of dealers) {
    await db.execute(sql`
      insert into dealer_profiles (user_id, name, address, zip, phone, hours, website)
      select u.id, ${name}, ${address}, u.zip, ${phone}, ${hours}, ${website}
      from users u where u.email = ${email} and u.zip is not null
      on conflict (user_id) do nothing`);
  }
}

export interface DemoDealer {
  email: string;
  name: string;
  address: string;
  phone: string;
  hours: string;
  website: string | null;
}
