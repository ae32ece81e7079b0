/**
 * Gives the large data set's cars places for the search benches, where seed:large has not: each
 * car without a ZIP gets a real one, spread as people are: 70% among the ZIP codes of the 50
 * places with the most of them (the metro areas), the rest among every US ZIP code (a long tail
 * of small towns). Each car's pick is a hash of its id, so the same data gets the same places.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/src/platform/db/rows';
import { ensurePlaces } from '../server/src/places/load-places';
import { openTarget, type Target } from './targets';

/** The places' ZIP codes numbered from 0 (`pool`: of the 50 biggest places, or of all). */
const numbered = (metro: boolean) =>
  metro
    ? sql`select row_number() over (order by z.zip) - 1 as i, z.*
        from places z join (select city, state from places group by city, state
          order by count(*) desc, city, state limit 50) m using (city, state)`
    : sql`select row_number() over (order by z.zip) - 1 as i, z.* from places z`;

/** Places every car of `target` that has no ZIP; prints how many and how long it took. */
export async function placeCars(target: Target): Promise<void> {
  const database = await openTarget(target);
  const started = Date.now();
  try {
    await database.migrate();
    await ensurePlaces(database.db);
    for (const metro of [true, false]) {
      await database.db.execute(sql`
        with pool as materialized (${numbered(metro)}),
          size as (select count(*) as n from pool)
        update products p set zip = z.zip, latitude = z.latitude, longitude = z.longitude
        from pool z, size
        where p.zip is null
          and ${metro ? sql`abs(hashtext(p.id)) % 10 < 7` : sql`true`}
          and z.i = abs(hashtext(p.id || ':zip')) % size.n`);
    }
    await database.db.execute(sql`analyze products`);
    const [row] = await rowsOf<{ n: number | string }>(
      database.db,
      sql`select count(*) as n from products where zip is not null`,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${target.kind}: ${row?.n} cars with a place (placed in ${seconds} s)`);
  } finally {
    await database.close();
  }
}
