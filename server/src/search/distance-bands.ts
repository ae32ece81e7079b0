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
import {
  centre,
  haversine,
  haversineOf,
  inBox,
  METERS_PER_MILE,
  POINT,
  type Near,
} from './search-near';
import { RADIUS_MILES } from './search-schemas';
import type { Facets, SearchFilters } from './search-types';

export type Bands = Pick<Facets, 'distanceBands' | 'distanceBandsAtLeast'>;

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
  const capped = Number.isFinite(cap);
  const [row] = await rowsOf<Record<string, number | string | null>>(
    db,
    sql`select ${bandColumns(sql`d.h`)}, count(*) as "read", max(d.h) as "farthest"
      from (select ${haversine(near)} as h from products p
        where ${nearestIn(near, where, capped ? cap : undefined)}) d`,
  );
  return bandsOf(
    (miles) => Number(row?.[String(miles)] ?? 0),
    Number(row?.read ?? 0),
    Number(row?.farthest ?? 0),
    cap,
  );
}

/** The count of the cars within each radius (named by its miles), of their haversines `h`. */
export function bandColumns(h: SQL): SQL {
  // Each car's haversine once, compared with each radius's (no distance in metres needed).
  const counts = RADIUS_MILES.map(
    (miles) =>
      sql`count(*) filter (where ${h} <= ${haversineOf(miles * METERS_PER_MILE)}::float8)
        as ${sql.identifier(String(miles))}`,
  );
  return sql.join(counts, sql`, `);
}

/**
 * The conditions of the cars matching `where` in the widest radius's box, and their order:
 * nearest first on the point index, at most `cap` + 1 of them (the one more says there are
 * more; no cap: every car in the box).
 */
export function nearestIn(near: Near, where: SQL, cap?: number): SQL {
  const widest = Math.max(...RADIUS_MILES) * METERS_PER_MILE;
  const nearest =
    cap === undefined ? sql`` : sql`order by ${POINT} <-> ${centre(near)} limit ${cap + 1}`;
  return sql`${where} and ${inBox(near, widest)} ${nearest}`;
}

/**
 * The bands of the cars read (`read` of them, the farthest at haversine `farthest`), each band's
 * count by `band`: past the cap, a band that reaches the farthest car read may hold cars not
 * read, and says it holds at least the cap.
 */
export function bandsOf(
  band: (miles: number) => number,
  read: number,
  farthest: number,
  cap: number,
): Bands {
  const capped = Number.isFinite(cap);
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
