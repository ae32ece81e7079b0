/**
 * The facets of a search within a radius, and its distance bands, in one pass. The two had each
 * read their own cars: the facets up to a sample's worth of the circle's cars through its box,
 * the bands as many of the nearest cars within the widest radius, every one of them on a heap
 * page of its own (11,123 pages around New York at a million cars). When no facet's own filter
 * is set, the two read the same cars: the bands' nearest cars begin with every car of the
 * circle (nearest first, the circle's cars come before any car outside it), so one read of
 * them nearest first, grouped by the facets' columns and by whether each car is in the circle,
 * answers both. The circle's facets are then those of its nearest cars up to the sample's size
 * (before: any of its cars up to that size), exact when the circle holds no more.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { bandColumns, bandsOf, nearestIn, type Bands } from './distance-bands';
import {
  facetsOfGroups,
  groupsQuery,
  noFacetFilters,
  PASS_COLUMNS,
  type FacetSample,
  type GroupRow,
  type OnePassFacets,
} from './facets-one-pass';
import { conditions } from './search-filters';
import { distanceMeters, haversine, METERS_PER_MILE } from './search-near';
import type { SearchFilters } from './search-types';

type NearRow = GroupRow & { extra: boolean } & Record<string, number | string | null>;

/** Whether the facets and bands of `filters` can be read in one pass (facetsNear). */
export const oneNearPass = (filters: SearchFilters): boolean =>
  filters.near !== undefined && filters.radiusMiles !== undefined && noFacetFilters(filters);

/** The facets within the radius of `filters` and their distance bands, in one pass. */
export async function facetsNear(
  db: Db,
  filters: SearchFilters,
  text: SQL | null,
  sample: FacetSample,
): Promise<OnePassFacets & Bands> {
  const { near, radiusMiles } = filters;
  if (!near || radiusMiles === undefined) throw new Error('facetsNear needs a radius');
  const around = conditions({ ...filters, radiusMiles: undefined }, text);
  // The circle as the search tests it (the exact distance in metres), for each car read.
  const inside = sql`(${distanceMeters(near)} <= ${radiusMiles * METERS_PER_MILE}::float8)`;
  const from = sql`(select ${PASS_COLUMNS}, ${haversine(near)} as h, ${inside} as inside
      from products p where ${nearestIn(near, around, sample.size)}) p`;
  const rows = await rowsOf<NearRow>(
    db,
    groupsQuery(from, sql`p.inside`, sql`${bandColumns(sql`p.h`)}, max(p.h) as "farthest"`),
  );
  const read = rows.reduce((sum, row) => sum + Number(row.n), 0);
  const farthest = Math.max(0, ...rows.map((row) => Number(row.farthest ?? 0)));
  const band = (miles: number) =>
    rows.reduce((sum, row) => sum + Number(row[String(miles)] ?? 0), 0);
  const bands = bandsOf(band, read, farthest, sample.size);
  const circle = rows.filter((row) => row.extra);
  const inCircle = circle.reduce((sum, row) => sum + Number(row.n), 0);
  // Every car read is in the circle: it may hold more than were read.
  const countsExact = inCircle <= sample.size;
  const where = conditions(filters, text);
  const scale = countsExact ? 1 : Math.max(await sample.estimate(where), inCircle) / inCircle;
  return { ...facetsOfGroups(circle, filters, countsExact, scale), ...bands };
}
