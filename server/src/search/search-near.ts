/**
 * A search near a ZIP code's place: the radius filter and each car's distance. Distances use
 * earthdistance the index's way: a car's point is `ll_to_earth(latitude, longitude)`
 * (products_point_idx, GiST, cars with coordinates only), a radius is first the circle's
 * bounding box tested on that index, then the exact great-circle distance of the cars inside
 * the box. A car without coordinates is in no radius (the index
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

/** The earth's radius in metres, as earthdistance's `earth()` has it. */
const EARTH_RADIUS = 6_378_168;

/**
 * The car's distance from `near` in metres (null: the car has no coordinates): the great circle
 * on earthdistance's sphere, as `earth_distance` measures it, but by the haversine of the two
 * latitudes and longitudes in plain arithmetic. `earth_distance` builds each car's point as a
 * cube first (several SQL functions and the `earth` domain's checks per car): 17 µs a car on
 * PGlite, 1.7 s to sort 100,000 cars by it.
 */
export function distanceMeters(near: Near): SQL {
  // least() would make a car without coordinates (a null) 1: the case keeps it null.
  return sql`(case when p.latitude is not null
    then ${2 * EARTH_RADIUS}::float8 * asin(least(1::float8, sqrt(${haversine(near)}))) end)`;
}

/**
 * The haversine of the car's angle from `near` (sin² of half of it): it grows with the distance,
 * so a count within a distance compares it with `haversineOf(meters)` (no root, no arc sine).
 */
export function haversine(near: Near): SQL {
  const cosine = Math.cos((near.latitude * Math.PI) / 180);
  return sql`(sin(radians(p.latitude - ${near.latitude}::float8) / 2) ^ 2
    + ${cosine}::float8 * cos(radians(p.latitude))
      * sin(radians(p.longitude - ${near.longitude}::float8) / 2) ^ 2)`;
}

/** The haversine of a distance in metres on earthdistance's sphere. */
export const haversineOf = (meters: number) => Math.sin(meters / (2 * EARTH_RADIUS)) ** 2;

/** The cars in the bounding box of the circle of `meters` around `near` (products_point_idx). */
export const inBox = (near: Near, meters: number): SQL =>
  sql`p.latitude is not null and earth_box(${centre(near)}, ${meters}::float8) @> ${POINT}`;

/**
 * The cars within `miles` of `near`: the box on the point index, then the exact distance. By
 * `distance` alone (no box the planner could read the point index for): for a circle dense with
 * cars, where the sort's own index (newest first, cheapest first …) reaches a page of them after
 * a few hundred cars, while the point index would read every car in the circle to sort them.
 */
export function withinMiles(near: Near, miles: number, by: RadiusBy = 'box'): SQL {
  const meters = miles * METERS_PER_MILE;
  const exact = sql`${distanceMeters(near)} <= ${meters}::float8`;
  if (by === 'distance') return sql`(p.latitude is not null and ${exact})`;
  return sql`(${inBox(near, meters)} and ${exact})`;
}

/** How a radius is tested: its box on the point index first, or each car's distance alone. */
export type RadiusBy = 'box' | 'distance';

/** The select list's column of each car's distance in miles, one decimal (with `near`). */
export function distanceMilesColumn(near: Near | undefined): SQL {
  if (!near) return sql``;
  return sql`, round((${distanceMeters(near)} / ${METERS_PER_MILE})::numeric, 1)::float8
    as "distanceMiles"`;
}
