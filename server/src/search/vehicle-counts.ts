/**
 * The vehicle facets of a search filtered by make and condition only (or not at all): sums of
 * vehicle_counts rows (cars for sale per make, condition, model, fuel, transmission, body style
 * and model year, kept by the trigger function `vehicle_counts_follow`), a few hundred rows instead
 * of a grouped pass over every car for sale. The mileage range is read from the ends of the mileage
 * sort's index (`products_for_sale_mileage_idx`), as facets.ts reads the price range.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { conditions, countsWhere } from './search-filters';
import { UNKNOWN_MILEAGE } from './search-query';
import { rowsOf } from '../platform/db/rows';
import type { SearchFilters, VehicleFacets } from './search-types';

type Key = 'model' | 'fuel' | 'transmission' | 'bodyStyle';

/** A row of the grouping sets below: one value of one facet, or (`all`) every matching car. */
interface CountRow {
  model: string | null;
  fuel: string | null;
  transmission: string | null;
  bodyStyle: string | null;
  /** Which grouping set the row is of: GROUPING()'s bits, one per column left out. */
  g: number | string;
  n: number | string;
  minYear: number | null;
  maxYear: number | null;
}

/** GROUPING(model, fuel, transmission, body_style) of each facet's own set. */
const SET: Record<Key, number> = {
  model: 0b0111,
  fuel: 0b1011,
  transmission: 0b1101,
  bodyStyle: 0b1110,
};
const EVERY_CAR = 0b1111;

/** The vehicle facets of make and condition filters (the others absent), from kept counts. */
export async function countedVehicleFacets(db: Db, filters: SearchFilters): Promise<VehicleFacets> {
  // A car's mileage is at most 1,000,000 (a CHECK): below UNKNOWN_MILEAGE is a known one.
  const mileage = sql.raw(`coalesce(p.mileage, ${UNKNOWN_MILEAGE})`);
  const known = sql`${conditions(filters, null)} and ${mileage} < ${sql.raw(String(UNKNOWN_MILEAGE))}`;
  const [rows, ends] = await Promise.all([
    rowsOf<CountRow>(
      db,
      sql`select model, fuel, transmission, body_style as "bodyStyle",
          grouping(model, fuel, transmission, body_style) as g, sum(n) as n,
          min(model_year) as "minYear", max(model_year) as "maxYear"
        from vehicle_counts
        where ${countsWhere(filters.categories, filters.conditions)} and n > 0
        group by grouping sets ((model), (fuel), (transmission), (body_style), ())`,
    ),
    rowsOf<{ min: number | null; max: number | null }>(
      db,
      sql`select
          (select ${mileage} from products p where ${known} order by ${mileage} limit 1) as min,
          (select ${mileage} from products p where ${known} order by ${mileage} desc limit 1)
            as max`,
    ),
  ]);
  const facet = (key: Key) =>
    Object.fromEntries(
      rows
        .filter((row) => Number(row.g) === SET[key] && row[key] !== null)
        .map((row) => [row[key] as string, Number(row.n)]),
    );
  const every = rows.find((row) => Number(row.g) === EVERY_CAR);
  const end = ends[0];
  return {
    model: facet('model'),
    fuel: facet('fuel'),
    transmission: facet('transmission'),
    bodyStyle: facet('bodyStyle'),
    modelYear:
      every && every.minYear !== null && every.maxYear !== null
        ? { min: Number(every.minYear), max: Number(every.maxYear) }
        : null,
    mileage:
      end && end.min !== null && end.max !== null
        ? { min: Number(end.min), max: Number(end.max) }
        : null,
  };
}
