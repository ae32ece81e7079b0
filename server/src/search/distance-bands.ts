/**
 * The facets' distance bands near a place: how many of the cars matching every other filter are
 * within each radius a search may take. The cars in the widest radius's box are read nearest
 * first on products_point_idx (a KNN scan), at most as many as a search ranks, each car's
 * haversine computed once: a band the read cars reach past is counted exactly; a band that holds
 * every car read holds more than that, and says so (`distanceBandsAtLeast`) instead of reading
 * the hundreds of thousands of cars within 500 miles of a metro.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { conditions } from './search-filters';
import { centre, haversine, haversineOf, inBox, METERS_PER_MILE, POINT } from './search-near';
import { RADIUS_MILES } from './search-schemas';
import type { Facets, SearchFilters } from './search-types';

type Bands = Pick<Facets, 'distanceBands' | 'distanceBandsAtLeast'>;

/**
 * Near a place: the cars within each radius, every other filter applied (else nothing), counted
 * among the `cap` nearest (no cap: every car in the widest box).
 */
export async function distanceBands(
  db: Db,
  filters: SearchFilters,
  text: SQL | null,
  cap: number,
): Promise<Bands> {
  const near = filters.near;
  if (!near) return {};
  const where = conditions({ ...filters, radiusMiles: undefined }, text);
  // Each car's haversine once, compared with each radius's (no distance in metres needed).
  const counts = RADIUS_MILES.map(
    (miles) =>
      sql`count(*) filter (where d.h <= ${haversineOf(miles * METERS_PER_MILE)}::float8)
        as ${sql.identifier(String(miles))}`,
  );
  const widest = Math.max(...RADIUS_MILES) * METERS_PER_MILE;
  const capped = Number.isFinite(cap);
  // The one car more than the cap says there are more; the farthest read bounds what is exact.
  const nearest = capped ? sql`order by ${POINT} <-> ${centre(near)} limit ${cap + 1}` : sql``;
  const [row] = await rowsOf<Record<string, number | string | null>>(
    db,
    sql`select ${sql.join(counts, sql`, `)}, count(*) as "read", max(d.h) as "farthest"
      from (select ${haversine(near)} as h from products p
        where ${where} and ${inBox(near, widest)} ${nearest}) d`,
  );
  const read = Number(row?.read ?? 0);
  const farthest = Number(row?.farthest ?? 0);
  const band = (miles: number) => Number(row?.[String(miles)] ?? 0);
  // Past the cap, a band that reaches the farthest car read may hold cars not read.
  const over = RADIUS_MILES.filter(
    (miles) => capped && read > cap && haversineOf(miles * METERS_PER_MILE) >= farthest,
  );
  return {
    distanceBands: Object.fromEntries(
      RADIUS_MILES.map((miles) => [String(miles), over.includes(miles) ? cap : band(miles)]),
    ),
    ...(over.length > 0 ? { distanceBandsAtLeast: over.map(String) } : {}),
  };
}
