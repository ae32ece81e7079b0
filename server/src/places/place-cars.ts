/**
 * Cars listed before the places existed, placed once where their location names one US place:
 * the rule of `placeOfText` (the city's centre, named by its ZIP code nearest to it), applied to
 * every distinct location at once. A car with a ZIP, or whose location names no place, is left.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { cityOfText } from './places';

/** Distinct locations read and placed per statement. */
const BATCH = 5000;

/** A text[] of these values, one parameter each. */
const list = (values: string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;

/** Places the cars of these locations (each with the city and state it names). */
async function placeLocations(db: Db, named: { location: string; city: string; state: string }[]) {
  return db.transaction(async (tx) => {
    // The cars of thousands of locations: hashed, never a scan of the cars per location (the
    // planner cannot tell how few locations the places leave).
    await tx.execute(sql`set local enable_nestloop = off`);
    return placeLocationsIn(tx as unknown as Db, named);
  });
}

async function placeLocationsIn(
  db: Db,
  named: { location: string; city: string; state: string }[],
) {
  const rows = await rowsOf<{ n: number | string }>(
    db,
    sql`
    with wanted as (
      select * from unnest(${list(named.map((each) => each.location))},
        ${list(named.map((each) => each.city))}, ${list(named.map((each) => each.state))})
        as w(location, city, state)
    ), city as (
      select w.location, pl.zip, pl.latitude, pl.longitude
      from wanted w join places pl on lower(pl.city) = w.city and pl.state = w.state
    ), centre as (
      select location, avg(latitude) as latitude, avg(longitude) as longitude
      from city group by location
    ), chosen as (
      select distinct on (c.location) c.location, c.zip, centre.latitude, centre.longitude
      from city c join centre using (location)
      order by c.location,
        (c.latitude - centre.latitude) ^ 2 + (c.longitude - centre.longitude) ^ 2, c.zip
    ), placed as (
      update products p
      set zip = chosen.zip, latitude = chosen.latitude, longitude = chosen.longitude
      from chosen
      where p.product_location = chosen.location and p.zip is null
      returning 1
    )
    select count(*) as n from placed`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Places every car without a ZIP whose location names one US place; answers how many. */
export async function placeExistingCars(db: Db): Promise<number> {
  let placed = 0;
  let after: string | null = null;
  for (;;) {
    const locations: { location: string }[] = await rowsOf<{ location: string }>(
      db,
      sql`select distinct product_location as location from products
        where zip is null ${after === null ? sql`` : sql`and product_location > ${after}`}
        order by product_location limit ${BATCH}`,
    );
    if (locations.length === 0) return placed;
    after = locations[locations.length - 1]!.location;
    const named = locations.flatMap(({ location }) => {
      const city = cityOfText(location);
      return city ? [{ location, ...city }] : [];
    });
    if (named.length > 0) placed += await placeLocations(db, named);
  }
}
