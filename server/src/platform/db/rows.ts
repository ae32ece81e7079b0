import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of a query. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The rows of a query that reads an index in its order and stops early where the planner cannot
 * see it stop: a window's run condition (`rank() … <= n`) over a KNN scan of a GiST index ends
 * the scan after a page, yet the planner costs the window as if it read every row, and sorts
 * them all instead (every car in a box it guesses holds a few hundred). For this one statement
 * (settings local to a transaction of its own) a full sort is costed as off, so the index's
 * order is chosen, and so is JIT compilation, which that cost would set off. Only for a query
 * whose good plan has no full sort at all (incremental sorts are costed as usual): any plan
 * with one is costed so high that the planner can no longer tell its other choices apart.
 */
export async function rowsInIndexOrder<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`,
    );
    return rowsOf<T>(tx as unknown as Db, query);
  });
}
