/**
 * The places table, loaded once from the `zipcodes` package's US ZIP codes (its Canadian codes
 * are another file, left out; a ZIP without coordinates is left out too). Nothing calls a network
 * service: the data ships with the package, and the web bundle never holds it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { places } from '../platform/db/schema';
import { placeExistingCars } from './place-cars';

/** The package's US ZIP codes that have a city, a state and coordinates. */
export async function zipRecords(): Promise<(typeof places.$inferInsert)[]> {
  const { codes } = await import('zipcodes/lib/codes.js');
  const rows: (typeof places.$inferInsert)[] = [];
  for (const record of Object.values(codes)) {
    const latitude = Number(record.latitude);
    const longitude = Number(record.longitude);
    if (!/^\d{5}$/.test(record.zip) || !record.city || !record.state) continue;
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    if (latitude === 0 && longitude === 0) continue;
    rows.push({ zip: record.zip, city: record.city, state: record.state, latitude, longitude });
  }
  return rows;
}

/** Loads the places when the table is empty (replicas starting together: the second adds none). */
export async function ensurePlaces(db: Db): Promise<void> {
  const [any] = await db.select({ zip: places.zip }).from(places).limit(1);
  if (any) return;
  // One statement with the rows as one JSON parameter: building and sending 42,000 rows as
  // parameters of batched inserts cost about 2 s of this process's CPU, on both engines.
  const rows = JSON.stringify(await zipRecords());
  await db.execute(sql`
    insert into places (zip, city, state, latitude, longitude)
    select zip, city, state, latitude, longitude
    from jsonb_to_recordset(${rows}::jsonb)
      as r(zip text, city text, state text, latitude double precision, longitude double precision)
    on conflict do nothing`);
  await db.execute(sql`analyze places`);
  // The cars listed before there were places: placed once, where their location names one.
  await placeExistingCars(db);
}
