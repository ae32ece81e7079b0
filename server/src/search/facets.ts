/**
 * The facets of a search: counts by category, condition and seller type, and the ranges of price
 * and years.
 */
import { sql, type SQL } from 'drizzle-orm';
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
 * The dealers' cars among those matching `where`, read from the dealers (a few thousand accounts)
 * through their cars by e-mail (products_for_sale_email_idx), not by testing every car.
 */
const DEALERS_CARS = (where: SQL) => sql`select count(*) as n from dealer_profiles d
  join users s on s.id = d.user_id join products p on p.email = s.email where ${where}`;

/**
 * Facets of category and condition filters only (or none): the counts are sums of
 * product_counts rows, and each end of the ranges is read from the end of an index; the private
 * sellers' cars are those the counts hold less the dealers' cars. Any other filter:
 * facets-one-pass.ts.
 */
export async function countedFacets(db: Db, filters: SearchFilters): Promise<FacetCounts> {
  const where = conditions(filters, null);
  const [byCategory, byCondition, ranges, dealers, all] = await Promise.all([
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
    rowsOf<{ n: number | string }>(db, DEALERS_CARS(where)),
    rowsOf<{ n: number | string | null }>(
      db,
      sql`select sum(n) as n from product_counts
          where ${countsWhere(filters.categories, filters.conditions)}`,
    ),
  ]);
  const count = (rows: { k: string; n: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [r.k, Number(r.n)]));
  const dealer = Number(dealers[0]?.n ?? 0);
  const matching = Number(all[0]?.n ?? 0);
  return {
    category: count(byCategory),
    condition: count(byCondition),
    // As the other counts: only the seller types that have cars.
    sellerType: Object.fromEntries(
      Object.entries({ dealer, private: matching - dealer }).filter(([, n]) => n > 0),
    ),
    ...rangesOf(ranges),
  };
}
