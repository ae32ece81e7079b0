/**
 * Ranges of ids for reading a long list in files (the sitemap's) by keyset instead of OFFSET:
 * one pass over the ids finds where each file starts, and a file reads its range through the
 * primary key. A range is fixed by its ends, not by what comes before it, so a row added or
 * removed elsewhere moves no other file: the ranges of one pass split every possible id between
 * them, whatever changes after. Ids are compared by the database only (its collation orders
 * them; JavaScript's order may differ).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/** The ids from `from` (included) up to `to` (left out); an end left out is open. */
export interface IdRange {
  from?: string;
  to?: string;
}

/** Where the files of a list start: the first id of each file after the first. */
export interface IdBounds {
  /** The list has at least one row (the first file has something in it). */
  any: boolean;
  /** The first id of files 2, 3, …, in order; the first file has everything before them. */
  starts: string[];
}

/** The condition that `column` is in `range`. */
export function inRange(column: SQL, range: IdRange): SQL {
  const parts = [sql`true`];
  if (range.from !== undefined) parts.push(sql`${column} >= ${range.from}`);
  if (range.to !== undefined) parts.push(sql`${column} < ${range.to}`);
  return sql.join(parts, sql` and `);
}

/**
 * The bounds of `ids` (a query of one column, `id`, in any order) cut in files of `first` rows,
 * then `every` rows each: one pass over the ids in order, numbering them.
 */
export async function boundsOf(db: Db, ids: SQL, first: number, every: number): Promise<IdBounds> {
  // The first row says whether there is any; the others are the files' first ids.
  const rows = await rowsOf<{ id: string; rn: number | string }>(
    db,
    sql`select id, rn from (
        select id, row_number() over (order by id) as rn from (${ids}) ids
      ) numbered
      where rn = 1 or (rn > ${first} and (rn - ${first} - 1) % ${every} = 0)
      order by rn`,
  );
  const starts = rows.filter((row) => Number(row.rn) > first).map((row) => row.id);
  return { any: rows.length > 0, starts };
}

/** The ranges of the files `bounds` cut: before the first start, then from each start on. */
export function rangesOf(bounds: IdBounds): IdRange[] {
  const { starts } = bounds;
  return [
    starts.length > 0 ? { to: starts[0] } : {},
    ...starts.map((from, i) => (i + 1 < starts.length ? { from, to: starts[i + 1] } : { from })),
  ];
}
