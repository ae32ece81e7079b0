/**
 * The page query of the distance sort: nearest first, ties newest first (then by id), the cars
 * without coordinates last. The order is the straight-line distance between the points (cube's
 * `<->`, the chord through the earth: the nearer by it, the nearer on the surface), which the
 * GiST index of the cars' points answers nearest first (a KNN scan, stopped after a page)
 * instead of measuring every car and sorting them all. It pages by keyset on (that distance in
 * metres, the negated epoch of the car's posting, id), all three ascending, so one row
 * comparison finds the page after a cursor; the cursor's value is '<metres> <negated epoch>',
 * both read back strictly.
 */
import { sql, type SQL } from 'drizzle-orm';
import { BadCursor, type CursorKey } from '../platform/db/paging';
import { cursorNumber, NOT_OURS } from '../platform/http/cursors';
import { COLUMNS } from '../cars/car-rows';
import { centre, distanceMilesColumn, POINT } from './search-near';
import type { SearchRequest } from './search-types';

/** The distance sort's keyset: one order, ascending. */
export const DISTANCE_KEYSET = { order: 'asc' } as const;

/** The (metres, negated epoch) of a distance cursor's value; anything else is a BadCursor. */
function distanceAfter(at: CursorKey) {
  const parts = String(at.value).split(' ');
  if (parts.length !== 2) throw new BadCursor(NOT_OURS);
  return { meters: cursorNumber(parts[0]!), age: cursorNumber(parts[1]!), id: at.id };
}

/**
 * The distance sort's page of `limit` + 1 cars matching `where`, after the cursor `at`. Free
 * text sorts at most `candidates` of its matches (as the other sorts do) and counts them.
 */
export function distancePageQuery(
  request: SearchRequest,
  where: SQL,
  text: SQL | null,
  at: CursorKey | undefined,
  candidates: number,
): SQL {
  const near = request.near;
  if (!near) throw new Error('the distance sort needs a place');
  const chord = sql`(${POINT} <-> ${centre(near)})`;
  // Cars without coordinates have no distance: they sort after every car that has one.
  const meters = sql`coalesce(${chord}, 'Infinity'::float8)`;
  const age = sql`(-extract(epoch from p.created_at))`;
  const from = at ? distanceAfter(at) : undefined;
  const after = from
    ? sql` and (${meters}, ${age}, p.id) >
        (${from.meters}::float8, ${from.age}::numeric, ${from.id})`
    : sql``;
  const limit = request.limit + 1;
  let page: SQL;
  if (text) {
    // The matches first (the words' index), then the nearest of them, as the other sorts do.
    const capped = Number.isFinite(candidates);
    page = sql`matches as materialized (
        select p.id, ${meters} as meters, ${age} as age from products p where ${where}${after}
        ${capped ? sql`limit ${candidates + 1}` : sql``}
      ), page as (
        select m.* from ${capped ? sql`(select * from matches limit ${candidates}) m` : sql`matches m`}
        order by m.meters, m.age, m.id limit ${limit}
      )`;
  } else {
    // The cars with a point nearest first on the index: the page's farthest distance first (a
    // KNN scan ordered by the distance alone: PostgreSQL 15 reads the index in order only when
    // nothing else is in the ORDER BY), then the cars as near as that in full order, ties
    // newest first, found in that distance's box on the index. Those without a point only when
    // the page is not full without them (an InitPlan: no scan at all otherwise).
    page = sql`nearest as materialized (
        select ${chord} as meters from products p
        where ${where} and p.latitude is not null${after}
        order by ${chord} limit ${limit}
      ), edge as (select max(meters) as meters from nearest),
      placed as materialized (
        select p.id, ${chord} as meters, ${age} as age from edge, products p
        where ${where} and p.latitude is not null${after}
          and earth_box(${centre(near)}, sec_to_gc(edge.meters) + 1) @> ${POINT}
          and ${chord} <= edge.meters
        order by ${chord}, ${age}, p.id limit ${limit}
      ), page as (
        select * from placed
        union all (
          select p.id, 'Infinity'::float8, ${age} from products p
          where (select count(*) from placed) < ${limit} and ${where}
            and p.latitude is null${after}
          order by ${age}, p.id limit ${limit}
        )
      )`;
  }
  const total = text && !from ? sql`, (select count(*) from matches) as "inlineTotal"` : sql``;
  return sql`with ${page}
    select ${COLUMNS}${distanceMilesColumn(near)},
      page.meters::text || ' ' || page.age::text as "cursorKey"${total}
    from page join products p on p.id = page.id
    left join users u on u.email = p.email
    order by page.meters, page.age, page.id limit ${limit}`;
}
