/** The facets of a search: counts by category and condition, and the ranges of price and years. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conditions, countsWhere, groupsOnly } from './search-filters';
import { rowsOf } from './search-rows';
import type { Facets, SearchFilters } from './search-types';

/** The counts and ranges of a filter panel. */
type FacetCounts = Omit<Facets, 'ignoredWords'>;

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

/** The facets of the filters, with their text query already made. */
export function facetQueries(db: Db) {
  async function facets(filters: SearchFilters, text: SQL | null): Promise<FacetCounts> {
    return groupsOnly(filters, text) ? countedFacets(filters) : facetsInOnePass(filters, text);
  }

  /**
   * Facets of category and condition filters only: the counts are sums of product_counts rows,
   * and each end of the ranges is read from the end of an index.
   */
  async function countedFacets(filters: SearchFilters): Promise<FacetCounts> {
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

  /**
   * Facets of any other filters, in one pass over the cars matching every filter but category
   * and condition: counts and ranges per (category, condition), at most twelve rows, from which
   * each facet adds up the rows the other facet's filter allows.
   */
  async function facetsInOnePass(filters: SearchFilters, text: SQL | null): Promise<FacetCounts> {
    const rows = await rowsOf<RangeRow & { category: string; condition: string; n: number }>(
      db,
      sql`select p.category_name as category, p.condition as condition, count(*)::int as n,
          min(p.resale_price) as "minPrice", max(p.resale_price) as "maxPrice",
          min(p.user_years) as "minYears", max(p.user_years) as "maxYears"
        from products p
        where ${conditions({ ...filters, categories: undefined, conditions: undefined }, text)}
        group by p.category_name, p.condition`,
    );
    const categoryOk = (row: { category: string }) =>
      !filters.categories?.length || filters.categories.includes(row.category);
    const conditionOk = (row: { condition: string }) =>
      !filters.conditions?.length || (filters.conditions as string[]).includes(row.condition);
    const category: Record<string, number> = {};
    const condition: Record<string, number> = {};
    for (const row of rows) {
      if (conditionOk(row)) category[row.category] = (category[row.category] ?? 0) + row.n;
      if (categoryOk(row)) condition[row.condition] = (condition[row.condition] ?? 0) + row.n;
    }
    const matching = rows.filter((row) => categoryOk(row) && conditionOk(row));
    const ends = (key: keyof RangeRow, pick: (...values: number[]) => number) =>
      matching.length ? pick(...matching.map((row) => Number(row[key]))) : null;
    return {
      category,
      condition,
      ...rangesOf([
        {
          minPrice: ends('minPrice', Math.min),
          maxPrice: ends('maxPrice', Math.max),
          minYears: ends('minYears', Math.min),
          maxYears: ends('maxYears', Math.max),
        },
      ]),
    };
  }

  return { facets };
}
