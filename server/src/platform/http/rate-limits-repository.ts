import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitWindows } from '../db/schema';

/** A key's window: the calls counted in it, and when it ends (this process's clock, ms). */
export interface CountedWindow {
  count: number;
  resetAt: number;
}

/** One call counted against one key, in that key's window of `windowMs`. */
export interface WindowHit {
  key: string;
  windowMs: number;
}

/**
 * Rate-limit windows in the database, so every replica counts the same calls (schema.ts,
 * `rateLimitWindows`). One statement counts a call against all its keys, each in its own window
 * (a rule of 20 a minute and 200 a day counts two keys).
 */
export function rateLimitsRepository(db: Db) {
  /** Counts a call against each key (a key's window starts at its first call). */
  async function hitWindows(hits: WindowHit[]): Promise<CountedWindow[]> {
    if (hits.length === 0) return [];
    // One window per key (the first named), in one order, so two calls with the same keys never
    // wait on each other crosswise.
    const windows = new Map<string, number>();
    for (const { key, windowMs } of hits) if (!windows.has(key)) windows.set(key, windowMs);
    const sorted = [...windows.keys()].sort();
    const keyList = sql.join(
      sorted.map((key) => sql`${key}`),
      sql`, `,
    );
    const secondsList = sql.join(
      sorted.map((key) => sql`${windows.get(key)! / 1000}`),
      sql`, `,
    );
    // Both drivers (node-postgres, PGlite) answer raw SQL as `{ rows }`.
    const result = (await db.execute(sql`
      insert into rate_limit_windows as w (key, count, reset_at)
      select hit.key, 1, now() + make_interval(secs => hit.secs)
      from unnest(array[${keyList}]::text[], array[${secondsList}]::float8[]) as hit(key, secs)
      order by hit.key
      on conflict (key) do update set
        count = case when w.reset_at <= now() then 1 else w.count + 1 end,
        reset_at = case when w.reset_at <= now() then excluded.reset_at else w.reset_at end
      returning key, count, extract(epoch from (w.reset_at - now())) * 1000 as left_ms
    `)) as unknown as {
      rows: { key: string; count: number | string; left_ms: number | string }[];
    };
    const now = Date.now();
    const byKey = new Map(
      result.rows.map((row) => [
        row.key,
        { count: Number(row.count), resetAt: now + Math.max(0, Number(row.left_ms)) },
      ]),
    );
    return hits.map(({ key }) => byKey.get(key)!);
  }

  return {
    hitWindows,

    /** Counts a call against each key, all in windows of `windowMs`. */
    hit(keys: string[], windowMs: number): Promise<CountedWindow[]> {
      return hitWindows(keys.map((key) => ({ key, windowMs })));
    },

    /**
     * Takes one of a key's `max` places in its window (a window of `windowMs` starts when a place
     * is taken in none): answers the window's end, to give the place back with `release`, or
     * null when every place is taken. Atomic: calls at once on any replica never take more.
     */
    async reserve(key: string, max: number, windowMs: number): Promise<string | null> {
      const result = (await db.execute(sql`
        insert into rate_limit_windows as w (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
        on conflict (key) do update set
          count = case when w.reset_at <= now() then 1 else w.count + 1 end,
          reset_at = case when w.reset_at <= now() then excluded.reset_at else w.reset_at end
        where w.reset_at <= now() or w.count < ${max}
        returning w.reset_at::text as reset_at
      `)) as unknown as { rows: { reset_at: string }[] };
      return result.rows[0]?.reset_at ?? null;
    },

    /** Gives back a place taken by `reserve` (nothing when its window has ended since). */
    async release(key: string, window: string): Promise<void> {
      await db.execute(sql`
        update rate_limit_windows set count = count - 1
        where key = ${key} and reset_at = ${window}::timestamptz and count > 0
      `);
    },

    /** Forgets the windows that have ended. */
    async forgetEnded(): Promise<void> {
      await db.delete(rateLimitWindows).where(lt(rateLimitWindows.resetAt, sql`now()`));
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
