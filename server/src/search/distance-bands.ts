/**
 * The facets' distance bands near a place: how many of the cars matching every other filter are
 * within each radius a search may take, in one pass over the cars in the widest radius's box
 * (read on products_point_idx), each car's haversine computed once.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { conditions } from './search-filters';
import { haversine, haversineOf, inBox, METERS_PER_MILE } from './search-near';
import { RADIUS_MILES } from './search-schemas';
import type { Facets, SearchFilters } from './search-types';

/** Near a place: the cars within each radius, every other filter applied (else nothing). */
export async function distanceBands(
  db: Db,
  filters: SearchFilters,
  text: SQL | null,
): Promise<Pick<Facets, 'distanceBands'>> {
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
  const [row] = await rowsOf<Record<string, number | string | null>>(
    db,
    sql`select ${sql.join(counts, sql`, `)}
      from (select ${haversine(near)} as h from products p
        where ${where} and ${inBox(near, widest)}) d`,
  );
  return {
    distanceBands: Object.fromEntries(
      RADIUS_MILES.map((miles) => [String(miles), Number(row?.[String(miles)] ?? 0)]),
    ),
  };
}
