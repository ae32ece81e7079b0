/**
 * The deal ratios' data (product_deals, migration 0010): one refresh of every car's ratio, and
 * whether the catalogue changed since the last. deal-ratios.ts runs them in the background.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from './search-rows';
import { COMPARABLE_YEARS, MIN_COMPARABLES } from './search-types';

/** The newest catalogue change numbered (catalogue_change, migration 0007); 0 before any. */
const LAST_CHANGE = sql`(select case when is_called then last_value else 0 end from catalogue_change)`;

/** The advisory lock a deal-ratio refresh holds (any fixed number; its bytes spell "CarDdeal"). */
export const DEAL_REFRESH_LOCK_KEY = 0x436172446465616cn;

/** The refresh of the deal ratios in this database, and the check of whether one is due. */
export function dealRatioRefresh(db: Db) {
  /**
   * Computes every car's deal ratio again (product_deals, migration 0010): its price over the
   * median price of its comparables, its own cars included (the cars for sale of its category
   * and condition whose years used are within ±2 of its own), Infinity with fewer than
   * MIN_COMPARABLES of them. One pass over all groups; only the ratios that changed are written,
   * and a car for sale without its row (one written past the insert trigger) gets it.
   * Under an advisory lock, so two replicas never refresh at once: false (nothing done) when
   * another holds it. Records the newest catalogue change numbered before it read the cars.
   */
  async function refreshDeals(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ got: boolean }>(
        tx as unknown as Db,
        sql`select pg_try_advisory_xact_lock(${DEAL_REFRESH_LOCK_KEY.toString()}::bigint) as got`,
      );
      if (!lock?.got) return false;
      const [change] = await rowsOf<{ n: number | string }>(
        tx as unknown as Db,
        sql`select ${LAST_CHANGE} as n`,
      );
      await tx.execute(sql`with groups as (
          select k.category_name, k.condition, k.user_years, count(*)::int as n,
            percentile_cont(0.5) within group (order by x.resale_price) as median
          from (select distinct category_name, condition, user_years from products
            where sold_at is null) k
          join products x on x.sold_at is null and x.category_name = k.category_name
            and x.condition = k.condition
            and x.user_years between k.user_years - ${COMPARABLE_YEARS} and k.user_years + ${COMPARABLE_YEARS}
          group by k.category_name, k.condition, k.user_years
        ), fresh as (
          select p.id, case when g.n >= ${MIN_COMPARABLES} and g.median > 0
              then p.resale_price / g.median else 'Infinity'::float8 end as ratio
          from products p
          left join groups g on g.category_name = p.category_name and g.condition = p.condition
            and g.user_years = p.user_years
          where p.sold_at is null
        )
        insert into product_deals (product_id, ratio)
        select id, ratio from fresh
        on conflict (product_id) do update set ratio = excluded.ratio
        where product_deals.ratio is distinct from excluded.ratio`);
      await tx.execute(
        sql`update deal_ratios_state set change = ${Number(change?.n ?? 0)}, refreshed_at = now()
          where id = 1`,
      );
      return true;
    });
  }

  /** Whether the catalogue changed after the deal ratios' last refresh began. */
  async function dealsBehind(): Promise<boolean> {
    const [row] = await rowsOf<{ behind: boolean | null }>(
      db,
      sql`select ${LAST_CHANGE} > (select change from deal_ratios_state where id = 1) as behind`,
    );
    return row?.behind !== false;
  }

  return { refreshDeals, dealsBehind };
}
