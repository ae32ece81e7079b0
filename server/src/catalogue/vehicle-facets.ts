/**
 * The vehicle facets of a search (issue 24): cars per model (following the chosen makes), per
 * fuel, transmission and body style, and the ranges of model years and mileages. One pass over
 * the cars matching every filter but those four, grouped by them (a few thousand rows at most):
 * each facet adds up the groups the other three's filters allow, as facets.ts does for category
 * and condition. Filtered by make and condition only (or not at all), they are sums of kept
 * counts instead (vehicle-counts.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { conditions, groupsOnly } from './search-filters';
import { rowsOf } from './search-rows';
import type { SearchFilters, VehicleFacets } from './search-types';
import { countedVehicleFacets } from './vehicle-counts';

type Key = 'model' | 'fuel' | 'transmission' | 'bodyStyle';

interface GroupRow {
  model: string | null;
  fuel: string | null;
  transmission: string | null;
  bodyStyle: string | null;
  n: number | string;
  minYear: number | null;
  maxYear: number | null;
  minMileage: number | null;
  maxMileage: number | null;
}

/** The vehicle facets of the filters, with their text query already made. */
export async function vehicleFacets(
  db: Db,
  filters: SearchFilters,
  text: SQL | null,
): Promise<VehicleFacets> {
  return groupsOnly(filters, text)
    ? countedVehicleFacets(db, filters)
    : groupedVehicleFacets(db, filters, text);
}

/** The vehicle facets in one grouped pass over the matching cars (any filters). */
export async function groupedVehicleFacets(
  db: Db,
  filters: SearchFilters,
  text: SQL | null,
): Promise<VehicleFacets> {
  const rest = { ...filters, models: [], fuels: [], transmissions: [], bodyStyles: [] };
  const rows = await rowsOf<GroupRow>(
    db,
    sql`select p.model as model, p.fuel as fuel, p.transmission as transmission,
        p.body_style as "bodyStyle", count(*) as n,
        min(p.model_year) as "minYear", max(p.model_year) as "maxYear",
        min(p.mileage) as "minMileage", max(p.mileage) as "maxMileage"
      from products p
      where ${conditions(rest, text)}
      group by p.model, p.fuel, p.transmission, p.body_style`,
  );
  const chosen: Record<Key, readonly string[] | undefined> = {
    model: filters.models,
    fuel: filters.fuels,
    transmission: filters.transmissions,
    bodyStyle: filters.bodyStyles,
  };
  const allows = (row: GroupRow, key: Key) =>
    !chosen[key]?.length || (row[key] !== null && chosen[key].includes(row[key]));
  const keys: Key[] = ['model', 'fuel', 'transmission', 'bodyStyle'];
  const counts = Object.fromEntries(
    keys.map((key) => [key, {} as Record<string, number>]),
  ) as Record<Key, Record<string, number>>;
  for (const row of rows) {
    for (const key of keys) {
      const value = row[key];
      if (value === null || !keys.every((other) => other === key || allows(row, other))) continue;
      counts[key][value] = (counts[key][value] ?? 0) + Number(row.n);
    }
  }
  const matching = rows.filter((row) => keys.every((key) => allows(row, key)));
  const range = (low: 'minYear' | 'minMileage', high: 'maxYear' | 'maxMileage') => {
    const lows = matching.flatMap((row) => (row[low] === null ? [] : [Number(row[low])]));
    const highs = matching.flatMap((row) => (row[high] === null ? [] : [Number(row[high])]));
    return lows.length ? { min: Math.min(...lows), max: Math.max(...highs) } : null;
  };
  return {
    ...counts,
    modelYear: range('minYear', 'maxYear'),
    mileage: range('minMileage', 'maxMileage'),
  };
}
