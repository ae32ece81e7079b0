/**
 * The page query of a search: keyset paging for the newest, price and deal sorts (signed
 * cursors), an offset inside the cursor for relevance. The same SQL runs on PGlite and
 * PostgreSQL (the `products_for_sale_*` indexes serve it).
 */
import { sql, type SQL } from 'drizzle-orm';
import { BadCursor, type SortOrder } from '../platform/db/paging';
import {
  type CursorCodec,
  cursorNumber,
  cursorOffset,
  cursorTimestamp,
} from '../platform/http/cursors';
import { conditions, fingerprint } from './search-filters';
import { COLUMNS } from '../cars/car-rows';
import { DISTANCE_KEYSET, distancePageQuery } from './distance-query';
import { centre, distanceMilesColumn, POINT, type Near } from './search-near';
import type { SearchFilters, SearchRequest, SearchSort } from './search-types';

/** Where a car of unknown mileage sorts by mileage: after every known one (at most 1,000,000). */
export const UNKNOWN_MILEAGE = 1_000_001;

/**
 * The most matches of free text a relevance page ranks within a radius: the nearest to the
 * centre. The circle's cars and the words' matches are each a large set in a metro (a make's name
 * matches a quarter of all cars), and intersecting them cost more than ranking; walking
 * products_for_sale_point_search_idx nearest first, each car's words tested in the index, stops
 * after these: 'tesla' within 100 miles of New York at a million cars in 11 ms.
 */
export const NEAR_TEXT_CANDIDATES = 1_000;

/**
 * The centre a relevance page of free text within a radius takes its candidates nearest to.
 * Null otherwise: the other sorts sort any of the matches (they must not leave out the newest
 * or cheapest of a circle), as the plan reads them.
 */
function nearestMatches(filters: SearchFilters, sort: SearchSort): Near | null {
  const { near, radiusMiles, q } = filters;
  if (!near || radiusMiles === undefined || sort !== 'relevance' || !q?.trim()) return null;
  return near;
}

/** The most matches free text ranks or sorts in `sort`: fewer by relevance within a radius. */
export const rankedAtMost = (filters: SearchFilters, sort: SearchSort, candidates: number) =>
  nearestMatches(filters, sort) ? Math.min(candidates, NEAR_TEXT_CANDIDATES) : candidates;

/**
 * The matches of a relevance page within a radius, each with its rank: every match as near as the
 * (`candidates` + 1)th nearest, ties included, so that which cars are in never hangs on their
 * order in the index (the cars of one ZIP code share its point, and an edit moves a car's entry).
 * The window's rank by distance stops the walk at the first car past them (PostgreSQL's run
 * condition); its statement runs with full sorts costed off (rowsInIndexOrder), or the planner
 * would read and sort the whole box.
 */
function nearestRanked(near: Near, where: SQL, rank: SQL, candidates: number): SQL {
  const chord = sql`(${POINT} <-> ${centre(near)})`;
  return sql`select k.id, k.rank from (
      select p.id, ${rank} as rank,
        rank() over (order by ${chord} rows between unbounded preceding and current row) as nearer
      from products p
      where ${where}
    ) k where k.nearer <= ${candidates + 1}`;
}

/**
 * Keyset sorts: their column, direction, how the cursor's value is cast back, and the id column
 * that breaks ties (the same index holds both). The deal sort reads product_deals' index
 * (ratio, car): each car's stored deal ratio.
 */
export const KEYSET: Record<
  Exclude<SearchSort, 'relevance' | 'distance'>,
  { column: string; order: SortOrder; cast: string; id: string }
> = {
  newest: {
    column: 'p.created_at',
    order: 'desc',
    cast: 'timestamptz',
    id: 'p.id',
  },
  price_asc: {
    column: 'p.resale_price',
    order: 'asc',
    cast: 'float8',
    id: 'p.id',
  },
  price_desc: {
    column: 'p.resale_price',
    order: 'desc',
    cast: 'float8',
    id: 'p.id',
  },
  deal: { column: 'd.ratio', order: 'asc', cast: 'float8', id: 'd.product_id' },
  // Unknown mileages and model years last (the `products_for_sale_*` indexes hold the same
  // expressions).
  mileage_asc: {
    column: `coalesce(p.mileage, ${UNKNOWN_MILEAGE})`,
    order: 'asc',
    cast: 'int4',
    id: 'p.id',
  },
  year_desc: {
    column: 'coalesce(p.model_year, 0)',
    order: 'desc',
    cast: 'int4',
    id: 'p.id',
  },
};

/**
 * The page query of a search, and what paging needs to answer it. `candidates`: the most
 * matches of free text a page ranks or sorts (absent: all; see rankedAtMost). `inIndexOrder`:
 * the query must be read with full sorts costed off (rowsInIndexOrder).
 */
export function searchQuery(
  request: SearchRequest,
  text: SQL | null,
  cursors: CursorCodec,
  candidates = Number.POSITIVE_INFINITY,
) {
  const { sort, limit, cursor } = request;
  const filter = fingerprint(request);
  const where = conditions(request, text);
  const keyset = sort === 'relevance' || sort === 'distance' ? undefined : KEYSET[sort];
  const order = sort === 'distance' ? DISTANCE_KEYSET.order : keyset?.order;
  // Within a radius a relevance page ranks the matches nearest the centre, read in index order.
  const nearest = nearestMatches(request, sort);
  let after: SQL | null = null;
  let offset = 0;
  const at = cursor === undefined ? undefined : cursors.decode(cursor);
  if (at && (at.sort !== sort || at.filter !== filter || (order && at.order !== order))) {
    throw new BadCursor('cursor: belongs to another sort or filter; start again without it');
  }
  if (sort === 'distance') {
    const query = distancePageQuery(request, where, text, at, candidates);
    return { query, where, keyset: DISTANCE_KEYSET, offset, filter, inIndexOrder: false };
  }
  if (at) {
    if (keyset) {
      const read = keyset.cast === 'timestamptz' ? cursorTimestamp : cursorNumber;
      const value = sql`${read(at.value)}::${sql.raw(keyset.cast)}`;
      const column = sql.raw(keyset.column);
      const id = sql.raw(keyset.id);
      after =
        keyset.order === 'desc'
          ? sql`(${column}, ${id}) < (${value}, ${at.id})`
          : sql`(${column}, ${id}) > (${value}, ${at.id})`;
    } else {
      offset = cursorOffset(at.value);
    }
  }

  // Near a place, every car's distance from it.
  const miles = distanceMilesColumn(request.near);
  let query: SQL;
  if (keyset) {
    const direction = sql.raw(keyset.order);
    const from =
      sort === 'deal'
        ? sql`product_deals d join products p on p.id = d.product_id`
        : sql`products p`;
    // The cursor's text only for the page's rows: as text for each of 25,000 matches, the prices
    // cost 8 ms of a 31 ms search ('ferari' by price at 100,000 cars).
    const matching = sql`select p.id, ${sql.raw(keyset.column)} as sort_key
          from ${from}
          where ${where}${after ? sql` and ${after}` : sql``}`;
    // The page's ids first, then their columns, seller and fair price. Without free text, an
    // index walk in the sort's order that stops after a page. With it, the matches first (the
    // words' index), then the page's top of them: walking the sort's index, each car's words
    // read on the way, went through 40,000 cheaper cars before the first Ferrari ('ferari' by
    // price, 54 ms), and matches far along the order would mean reading every car. The first
    // page counts the matches it has read (the total, without reading them again). Free text
    // sorts at most `candidates` matches, as relevance ranks them: a make's name matches a
    // quarter of a million cars, and sorting all of them took 443 ms ('ferari' by price).
    const capped = Number.isFinite(candidates);
    const page = text
      ? sql`matches as materialized (
            ${matching}${capped ? sql` limit ${candidates + 1}` : sql``}
          ), page as (
            select m.*, m.sort_key::text as cursor_key
            from ${capped ? sql`(select * from matches limit ${candidates}) m` : sql`matches m`}
            order by m.sort_key ${direction}, m.id ${direction}
            limit ${limit + 1}
          )`
      : sql`page as (
            select c.*, c.sort_key::text as cursor_key from (
              ${matching}
              order by ${sql.raw(keyset.column)} ${direction}, ${sql.raw(keyset.id)} ${direction}
              limit ${limit + 1}
            ) c
          )`;
    const total = text && !after ? sql`, (select count(*) from matches) as "inlineTotal"` : sql``;
    query = sql`with ${page}
        select ${COLUMNS}${miles}, page.cursor_key as "cursorKey"${total}
        from page join products p on p.id = page.id
        left join users u on u.email = p.email
        order by page.sort_key ${direction}, page.id ${direction}`;
  } else {
    const rank = text ? sql`ts_rank(p.search, ${text})` : sql`0`;
    // Every match is read to rank it anyway: the total comes from the same pass. Free text
    // reads at most `candidates` matches and one more (which says there are more): the page is
    // the best of those `candidates`, as search engines stop ranking after enough of them.
    // The ranks are counted over (id, rank) pairs only: a window over the scanned rows, each
    // with its words, outgrew work_mem at 25,000 matches and went to disk.
    const capped = text !== null && Number.isFinite(candidates);
    query = sql`with ranked as materialized (
          ${
            nearest
              ? nearestRanked(nearest, where, rank, candidates)
              : sql`select p.id, ${rank} as rank
          from products p
          where ${where}
          ${capped ? sql`limit ${candidates + 1}` : sql`offset 0`}`
          }
        ), page as (
          select id, rank, (select count(*) from ranked) as total
          from ${capped && !nearest ? sql`(select * from ranked limit ${candidates}) r` : sql`ranked`}
          order by rank desc, id
          limit ${limit + 1} offset ${offset}
        )
        select ${COLUMNS}${miles}, page.total as "inlineTotal"
        from page join products p on p.id = page.id
        left join users u on u.email = p.email
        order by page.rank desc, p.id`;
  }
  return { query, where, keyset, offset, filter, inIndexOrder: nearest !== null };
}
