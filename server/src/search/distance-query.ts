/**
 * The page query of the distance sort: nearest first, ties newest first (then by id), the cars
 * without coordinates last. It pages by keyset on (distance in metres, the negated epoch of the
 * car's posting, id), all three ascending, so one row comparison finds the page after a cursor;
 * the cursor's value is '<metres> <negated epoch>', both read back strictly.
 */
import { sql, type SQL } from 'drizzle-orm';
import { BadCursor, type CursorKey } from '../platform/db/paging';
import { cursorNumber, NOT_OURS } from '../platform/http/cursors';
import { COLUMNS } from '../cars/car-rows';
import { distanceMeters, distanceMilesColumn } from './search-near';
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
  // Cars without coordinates have no distance: they sort after every car that has one.
  const meters = sql`coalesce(${distanceMeters(near)}, 'Infinity'::float8)`;
  const age = sql`(-extract(epoch from p.created_at))`;
  const from = at ? distanceAfter(at) : undefined;
  const after = from
    ? sql` and (${meters}, ${age}, p.id) >
        (${from.meters}::float8, ${from.age}::numeric, ${from.id})`
    : sql``;
  const keyed = sql`select p.id, ${meters} as meters, ${age} as age
    from products p where ${where}${after}`;
  const capped = text !== null && Number.isFinite(candidates);
  const page = text
    ? sql`matches as materialized (${keyed}${capped ? sql` limit ${candidates + 1}` : sql``}),
        page as (
          select m.* from ${capped ? sql`(select * from matches limit ${candidates}) m` : sql`matches m`}
          order by m.meters, m.age, m.id limit ${request.limit + 1}
        )`
    : sql`page as (${keyed} order by meters, age, p.id limit ${request.limit + 1})`;
  const total = text && !from ? sql`, (select count(*) from matches) as "inlineTotal"` : sql``;
  return sql`with ${page}
    select ${COLUMNS}${distanceMilesColumn(near)},
      page.meters::text || ' ' || page.age::text as "cursorKey"${total}
    from page join products p on p.id = page.id
    left join users u on u.email = p.email
    order by page.meters, page.age, page.id`;
}
