/**
 * Free text within a radius: the planner ANDs two bitmaps, the words' matches (products_search_idx)
 * and the cars in the circle's box (products_point_idx), and reads only the cars in both. A
 * bitmap that outgrows `work_mem` turns lossy: it keeps whole pages instead of cars. The words
 * of a make ('tesla') match a quarter of a million cars, over every page of the table at a
 * million cars; its bitmap went lossy at PostgreSQL's default 4 MB, and the AND of a lossy page
 * with the box's cars on it must read every one of those cars again to test the words: 13,519
 * cars read for 5,001 matches around New York (9,363 pages), where an exact AND reads the
 * matches only (4,950 pages).
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

/**
 * The memory a bitmap of the cars may take in one statement. A page's entry takes 64 bytes of
 * the bitmap, so 16 MB keeps every page of about 3 million cars exact (a million cars fill
 * 91,000 pages of 8 KB).
 */
export const BITMAP_MEMORY = '16MB';

/** The rows of `query`, its bitmaps kept exact (work_mem for this one statement). */
export async function rowsWithExactBitmaps<T>(db: Db, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('work_mem', ${BITMAP_MEMORY}, true)`);
    return rowsOf<T>(tx as unknown as Db, query);
  });
}
