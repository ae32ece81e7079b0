/**
 * The deal ratios' data (the table `product_deals`): one refresh of every car's ratio, its
 * price over its market value (market-refresh.ts, the table `market_values`), and whether the
 * catalogue changed since the last. deal-ratios.ts runs them in the background.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { LAST_CHANGE, refreshMarketValues } from './market-refresh';
import type { MarketFitsCache } from './market-fits-cache';
import { DEFAULT_MARKET_TRUST, type MarketTrust } from './market-trust';
import { rowsOf } from '../platform/db/rows';

/**
 * The refresh of the deal ratios in this database (its sellers weighed by `trust`), and the
 * check of whether one is due. `fits`: the fits kept in memory, cleared by each refresh done.
 */
export function dealRatioRefresh(
  db: Db,
  trust: MarketTrust = DEFAULT_MARKET_TRUST,
  fits?: MarketFitsCache,
) {
  /**
   * Computes every car's market value and deal ratio again (market-refresh.ts). Under an
   * advisory lock, so two replicas never refresh at once: false (nothing done) when another
   * holds it. Records the newest catalogue change numbered before it read the cars. Once done
   * (committed), the fits kept in memory are read again: the refresh may have written new ones,
   * here or, before it took the lock, on another replica.
   */
  async function refreshDeals(): Promise<boolean> {
    const done = await refreshMarketValues(db, undefined, trust);
    if (done) fits?.clear();
    return done;
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
