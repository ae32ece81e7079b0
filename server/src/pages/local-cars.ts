/**
 * A local page's cars: those for sale within LOCAL_RADIUS_MILES of a place's centre, nearest
 * first (ties newest first), optionally of one make. The car's point is tested against the
 * circle's bounding box on the GiST index (`products_point_idx`), then by its exact distance.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { FOR_SALE_SQL } from '../platform/db/for-sale';
import { rowsInIndexOrder, rowsOf } from '../platform/db/rows';
import { boundsOf, inRange, type IdRange } from '../platform/db/id-ranges';
import { COLUMNS, toProduct, type RawRow } from '../cars/car-rows';
import type { SearchProduct } from '../cars/car-types';
import { slugSql, type Place } from '../places/places';
import { centre as pointOf, METERS_PER_MILE, POINT } from '../search/search-near';

/** How far a local page reaches from its place's centre. */
export const LOCAL_RADIUS_MILES = 50;
/** The cars a local page shows. */
export const LOCAL_PAGE_CARS = 24;

export interface LocalCar extends SearchProduct {
  /** Miles from the place's centre, one decimal. */
  distanceMiles: number;
}

/**
 * The nearest cars for sale within the radius of `place` (of `make` only, when given). The
 * index is read nearest first (GiST's ordering by `<->`, the chord between two points: the same
 * order as the distance on the earth), each car ranked by that distance alone: the cars ranked
 * within the page are the `limit` nearest and every car tied with the last of them, and the scan
 * stops at the first car ranked past it (rank's run condition; the ROWS frame keeps it from
 * reading that car's ties too: a ZIP code's point holds hundreds of cars). Those are put in full
 * order (ties newest first), and only the page's rows are joined.
 */
export async function carsNear(
  db: Db,
  place: Place,
  make: string | null,
  limit = LOCAL_PAGE_CARS,
): Promise<LocalCar[]> {
  const centre = pointOf(place);
  const meters = sql`${LOCAL_RADIUS_MILES * METERS_PER_MILE}::float8`;
  const point = POINT;
  const chord = sql`(${point} <-> ${centre})`;
  const rows = await rowsInIndexOrder<RawRow & { distanceMeters: number | string }>(
    db,
    sql`with page as (
        select k.id, k.chord, k.created_at from (
          select p.id, p.created_at, ${chord} as chord,
            rank() over (order by ${chord} rows between unbounded preceding and current row)
              as nearer
          from products p
          where ${FOR_SALE_SQL} and p.latitude is not null
            and earth_box(${centre}, ${meters}) @> ${point}
            and earth_distance(${centre}, ${point}) <= ${meters}
            ${make === null ? sql`` : sql`and p.category_name = ${make}`}
        ) k where k.nearer <= ${limit}
        order by k.chord, k.created_at desc, k.id limit ${limit}
      )
      select ${COLUMNS}, earth_distance(${centre}, ${point}) as "distanceMeters"
      from page join products p on p.id = page.id left join users u on u.email = p.email
      order by page.chord, page.created_at desc, page.id`,
  );
  return rows.map(({ distanceMeters, ...row }) => ({
    ...toProduct(row),
    distanceMiles: Math.round((Number(distanceMeters) / METERS_PER_MILE) * 10) / 10,
  }));
}

/**
 * The slugs of the places with a car for sale (the car's own ZIP's city: placeSlug's rule in
 * SQL), the sitemap's list of local pages.
 */
const PLACES_WITH_CARS = sql`select distinct
    ${slugSql(sql`pl.city || ' ' || pl.state`)} as id
  from products p join places pl on pl.zip = p.zip
  where ${FOR_SALE_SQL}`;

/** The local pages' queries on one database handle. */
export function localCarsRepository(db: Db) {
  return {
    near: (place: Place, make: string | null, limit = LOCAL_PAGE_CARS) =>
      carsNear(db, place, make, limit),

    /** At most `limit` slugs of places with cars in `range`, in order. */
    async withCarsSlugsIn(range: IdRange, limit: number): Promise<string[]> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`select id from (${PLACES_WITH_CARS}) slugs where ${inRange(sql`id`, range)}
          order by id limit ${limit}`,
      );
      return rows.map((row) => row.id);
    },

    /** Where files of the places with cars start: `first` in the first, `every` in each next. */
    withCarsBounds: (first: number, every: number) => boundsOf(db, PLACES_WITH_CARS, first, every),
  };
}
