/**
 * A search near a ZIP code's place: the radius filter, each car's distance and the facets'
 * distance bands. Distances use earthdistance the index's way: a car's point is
 * `ll_to_earth(latitude, longitude)` (products_point_idx, GiST, cars with coordinates only), a
 * radius is first the circle's bounding box tested on that index, then the exact great-circle
 * distance of the cars inside the box. A car without coordinates is in no radius (the index
 * does not hold it, so it costs a radius search nothing) and has no distance.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Metres in a mile: earthdistance measures in metres (its earth's radius). */
export const METERS_PER_MILE = 1609.344;

/** Where the buyer is: a ZIP code and its place's point. */
export interface Near {
  zip: string;
  latitude: number;
  longitude: number;
}

/** The car's point, the very expression products_point_idx holds. */
export const POINT = sql`ll_to_earth(p.latitude, p.longitude)`;

/** The point of `near`. */
export const centre = (near: Near) =>
  sql`ll_to_earth(${near.latitude}::float8, ${near.longitude}::float8)`;

/** The car's distance from `near` in metres (null: the car has no coordinates). */
export const distanceMeters = (near: Near): SQL => sql`earth_distance(${centre(near)}, ${POINT})`;

/** The cars within `miles` of `near`: the box on the index, then the exact distance. */
export function withinMiles(near: Near, miles: number): SQL {
  const meters = miles * METERS_PER_MILE;
  return sql`(p.latitude is not null and earth_box(${centre(near)}, ${meters}::float8) @> ${POINT}
    and ${distanceMeters(near)} <= ${meters}::float8)`;
}

/** The select list's column of each car's distance in miles, one decimal (with `near`). */
export function distanceMilesColumn(near: Near | undefined): SQL {
  if (!near) return sql``;
  return sql`, round((${distanceMeters(near)} / ${METERS_PER_MILE})::numeric, 1)::float8
    as "distanceMiles"`;
}
