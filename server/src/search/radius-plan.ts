/**
 * How a search tests its radius. The point index's box finds the cars of a circle, but every one
 * of them is then read and sorted for a page: tens of thousands in a metro. When the circle is
 * dense with cars and the page is sorted by a column with an index of its own (newest, price,
 * mileage …), walking that index and testing each car's distance reaches a page after a few
 * hundred cars instead. The planner cannot tell the two apart (it guesses a box holds a tenth of
 * a percent of the cars), so this decides: dense when the circle's box holds at least
 * 5·√(cars for sale) cars, counted up to that on the circle's box from
 * products_for_sale_point_facets_idx alone (an index-only scan: 839 of its pages for 5,000
 * cars around New York at a million, where a b-tree of latitude and longitude read a band of
 * latitude across the whole country, 1,001 pages). From there the walk, about 25 of every
 * (cars ÷ in the box) cars, reads fewer cars than the box holds.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { inBox, METERS_PER_MILE, type RadiusBy } from './search-near';
import type { SearchRequest } from './search-types';

/** Below this many cars in a box, the box is read (a small catalogue: either way is quick). */
const MIN_DENSE = 200;

/** The way to test `request`'s radius: 'distance' for a dense circle in a sort of its own. */
export async function radiusPlan(
  db: Db,
  request: SearchRequest,
  text: SQL | null,
): Promise<RadiusBy> {
  const { near, radiusMiles, sort } = request;
  if (!near || radiusMiles === undefined || text) return 'box';
  if (sort === 'distance' || sort === 'relevance') return 'box';
  // One round trip: the bar (from the planner's count of the cars) and the count up to it.
  const [row] = await rowsOf<{ n: number | string; dense: number | string }>(
    db,
    sql`with bar as (
        select greatest(${MIN_DENSE}, ceil(5 * sqrt(greatest(reltuples, 0))))::int as dense
        from pg_class where oid = 'products'::regclass
      )
      select (select count(*) from (select 1 from products p
          where p.sold_at is null and ${inBox(near, radiusMiles * METERS_PER_MILE)}
          limit (select dense from bar)) s) as n,
        (select dense from bar) as dense`,
  );
  return Number(row?.n ?? 0) >= Number(row?.dense ?? MIN_DENSE) ? 'distance' : 'box';
}
