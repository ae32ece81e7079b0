/**
 * Every facet of a search with filters other than make and condition (free text, price, years,
 * place, verified sellers, seller type, vehicle filters): one pass over the cars matching every
 * filter but the seven facets' own (make, condition, model, fuel, transmission, body style,
 * seller type), grouped by those seven (a few hundred groups at most). Each facet adds up the
 * groups the other six facets' filters allow; the ranges are of the groups every filter allows.
 * A car's seller type is a hash join with the dealers' e-mails (a few thousand accounts). Two passes, one for make and
 * condition and one for the vehicle facets, read the matching cars twice: 'facets, "bmw" Good'
 * took 38 ms p50 on PostgreSQL and 103 ms on PGlite at 100,000 cars.
 *
 * With a sample (the search's facets), the pass reads at most its size of matching cars, as
 * search engines count facets over the best candidates: a make's name matches a quarter of a
 * million cars, whose pass took 400 ms. Past it the counts are estimates (`countsExact`
 * false) and the ranges those of the cars read.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { roughTotal } from './rough-total';
import { conditions } from './search-filters';
import { rowsOf } from '../platform/db/rows';
import type { Facets, SearchFilters, VehicleFacets } from './search-types';

type Key =
  'category' | 'condition' | 'model' | 'fuel' | 'transmission' | 'bodyStyle' | 'sellerType';
const KEYS: Key[] = [
  'category',
  'condition',
  'model',
  'fuel',
  'transmission',
  'bodyStyle',
  'sellerType',
];
type Ends = 'Price' | 'Years' | 'Year' | 'Mileage';

export type GroupRow = Record<Key, string | null> & {
  n: number | string;
} & Record<`min${Ends}` | `max${Ends}`, number | string | null>;

type Range = { min: number; max: number } | null;

/**
 * A pass that reads at most `size` cars; past them, the counts are the planner's estimate of
 * the cars the pass would read (`estimate(where)`) shared out as the cars read are.
 */
export interface FacetSample {
  size: number;
  estimate: (where: SQL) => Promise<number>;
}

/** The facets and their ranges, and whether the counts are exact. */
export type OnePassFacets = Omit<Facets, 'ignoredWords'> & VehicleFacets & { countsExact: boolean };

/** The filters of the pass: every filter but the seven facets' own. */
export const passFilters = (filters: SearchFilters): SearchFilters => ({
  ...filters,
  categories: undefined,
  conditions: undefined,
  models: [],
  fuels: [],
  transmissions: [],
  bodyStyles: [],
  sellerType: undefined,
});

/** Whether the filters set none of the seven facets' own (the pass reads what they match). */
export const noFacetFilters = (filters: SearchFilters): boolean =>
  !filters.categories?.length &&
  !filters.conditions?.length &&
  !filters.models?.length &&
  !filters.fuels?.length &&
  !filters.transmissions?.length &&
  !filters.bodyStyles?.length &&
  !filters.sellerType;

/** The columns the pass reads of each car (`from` holds them as `p`). */
export const PASS_COLUMNS = sql.raw(`p.category_name, p.condition, p.model, p.fuel,
  p.transmission, p.body_style, p.email, p.resale_price, p.user_years, p.model_year, p.mileage`);

/**
 * The groups of the cars of `from` (aliased `p`, with PASS_COLUMNS), each with its count and
 * ranges, grouped also by `extra` (a column of `from`, or nothing), with `more` aggregates.
 */
export function groupsQuery(from: SQL, extra?: SQL, more?: SQL): SQL {
  return sql`select p.category_name as category, p.condition as condition, p.model as model,
        p.fuel as fuel, p.transmission as transmission, p.body_style as "bodyStyle",
        case when dl.email is null then 'private' else 'dealer' end as "sellerType",
        count(*) as n,
        min(p.resale_price) as "minPrice", max(p.resale_price) as "maxPrice",
        min(p.user_years) as "minYears", max(p.user_years) as "maxYears",
        min(p.model_year) as "minYear", max(p.model_year) as "maxYear",
        min(p.mileage) as "minMileage", max(p.mileage) as "maxMileage"
        ${extra ? sql`, ${extra} as extra` : sql``}${more ? sql`, ${more}` : sql``}
      from ${from}
      left join (select s.email from users s join dealer_profiles d on d.user_id = s.id) dl
        on dl.email = p.email
      group by p.category_name, p.condition, p.model, p.fuel, p.transmission, p.body_style,
        dl.email is null${extra ? sql`, ${extra}` : sql``}`;
}

/** The facets of the filters (any), with their text query already made. */
export async function facetsInOnePass(
  db: Db,
  filters: SearchFilters,
  text: SQL | null,
  sample?: FacetSample,
): Promise<OnePassFacets> {
  const where = conditions(passFilters(filters), text);
  // A sample: the first `size` + 1 matches read (the one more says there are more). Either is a
  // subquery, so that the dealers' join follows it (the planner pulls the unlimited one up).
  const from = sample
    ? sql`(select * from products p where ${where} limit ${sample.size + 1}) p`
    : sql`(select * from products p where ${where}) p`;
  const rows = await rowsOf<GroupRow>(db, groupsQuery(from));
  const read = rows.reduce((sum, row) => sum + Number(row.n), 0);
  const countsExact = !sample || read <= sample.size;
  const scale = countsExact ? 1 : Math.max(await sample.estimate(where), read) / read;
  return facetsOfGroups(rows, filters, countsExact, scale);
}

/**
 * The facets of the groups read: each facet's counts over the groups the other facets' filters
 * allow (scaled by `scale` and rounded when not exact), the ranges over the groups every
 * filter allows.
 */
export function facetsOfGroups(
  rows: GroupRow[],
  filters: SearchFilters,
  countsExact: boolean,
  scale: number,
): OnePassFacets {
  const chosen: Record<Key, readonly string[] | undefined> = {
    category: filters.categories,
    condition: filters.conditions,
    model: filters.models,
    fuel: filters.fuels,
    transmission: filters.transmissions,
    bodyStyle: filters.bodyStyles,
    sellerType: filters.sellerType ? [filters.sellerType] : undefined,
  };
  const allows = (row: GroupRow, key: Key) => {
    const values = chosen[key];
    const value = row[key];
    return !values?.length || (value !== null && values.includes(value));
  };
  const counts = (key: Key) => {
    const counted: Record<string, number> = {};
    for (const row of rows) {
      const value = row[key];
      if (value === null || !KEYS.every((other) => other === key || allows(row, other))) continue;
      counted[value] = (counted[value] ?? 0) + Number(row.n);
    }
    if (!countsExact) {
      for (const value of Object.keys(counted)) {
        counted[value] = roughTotal(counted[value]! * scale, 1);
      }
    }
    return counted;
  };
  const matching = rows.filter((row) => KEYS.every((key) => allows(row, key)));
  const range = (ends: Ends): Range => {
    const lows = matching.flatMap((row) => {
      const low = row[`min${ends}`];
      return low === null ? [] : [Number(low)];
    });
    const highs = matching.flatMap((row) => {
      const high = row[`max${ends}`];
      return high === null ? [] : [Number(high)];
    });
    return lows.length ? { min: Math.min(...lows), max: Math.max(...highs) } : null;
  };
  return {
    category: counts('category'),
    condition: counts('condition'),
    sellerType: counts('sellerType'),
    price: range('Price'),
    years: range('Years'),
    model: counts('model'),
    fuel: counts('fuel'),
    transmission: counts('transmission'),
    bodyStyle: counts('bodyStyle'),
    modelYear: range('Year'),
    mileage: range('Mileage'),
    countsExact,
  };
}
