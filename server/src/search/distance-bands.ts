/**
 * The facets' distance bands near a place: how many of the cars matching every other filter are
 * within each radius a search may take, in one pass over the cars within the widest radius
 * (its box read on products_point_idx).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { conditions } from './search-filters';
import { distanceMeters, METERS_PER_MILE, withinMiles } from './search-near';
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
  const counts = RADIUS_MILES.map(
    (miles) =>
      sql`count(*) filter (where d.meters <= ${miles * METERS_PER_MILE}::float8)
        as ${sql.identifier(String(miles))}`,
  );
  const [row] = await rowsOf<Record<string, number | string | null>>(
    db,
    sql`select ${sql.join(counts, sql`, `)}
      from (select ${distanceMeters(near)} as meters from products p
        where ${where} and ${withinMiles(near, Math.max(...RADIUS_MILES))}) d`,
  );
  return {
    distanceBands: Object.fromEntries(
      RADIUS_MILES.map((miles) => [String(miles), Number(row?.[String(miles)] ?? 0)]),
    ),
  };
}
