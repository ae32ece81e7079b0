/** The facets of a search: counts by category and condition, and the ranges of price and years. */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { conditions, countsWhere } from './search-filters';
import { rowsOf } from '../platform/db/rows';
import type { Facets, SearchFilters } from './search-types';

/** The counts and ranges of a filter panel. */
type FacetCounts = Omit<Facets, 'ignoredWords' | 'countsExact'>;

/** The ends of the price and years ranges (null: no car matches). */
interface RangeRow {
  minPrice: number | null;
  maxPrice: number | null;
  minYears: number | null;
  maxYears: number | null;
}

function rangesOf(rows: RangeRow[]): Pick<FacetCounts, 'price' | 'years'> {
  const range = rows[0];
  return {
    price:
      range && range.minPrice !== null && range.maxPrice !== null
        ? { min: Number(range.minPrice), max: Number(range.maxPrice) }
        : null,
    years:
      range && range.minYears !== null && range.maxYears !== null
        ? { min: Number(range.minYears), max: Number(range.maxYears) }
        : null,
  };
}

/**
 * Facets of category and condition filters only (or none): the counts are sums of
 * product_counts rows, and each end of the ranges is read from the end of an index. Any other
 * filter: facets-one-pass.ts.
 */
export async function countedFacets(db: Db, filters: SearchFilters): Promise<FacetCounts> {
  const where = conditions(filters, null);
  const [byCategory, byCondition, ranges] = await Promise.all([
    rowsOf<{ k: string; n: number | string }>(
      db,
      sql`select category_name as k, sum(n) as n from product_counts
          where ${countsWhere(undefined, filters.conditions)}
          group by category_name having sum(n) > 0`,
    ),
    rowsOf<{ k: string; n: number | string }>(
      db,
      sql`select condition as k, sum(n) as n from product_counts
          where ${countsWhere(filters.categories, undefined)}
          group by condition having sum(n) > 0`,
    ),
    rowsOf<RangeRow>(
      db,
      sql`select (select min(p.resale_price) from products p where ${where}) as "minPrice",
          (select max(p.resale_price) from products p where ${where}) as "maxPrice",
          (select min(p.user_years) from products p where ${where}) as "minYears",
          (select max(p.user_years) from products p where ${where}) as "maxYears"`,
    ),
  ]);
  const count = (rows: { k: string; n: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
  return {
    category: count(byCategory),
    condition: count(byCondition),
    ...rangesOf(ranges),
  };
}
