/**
 * The fair price a car shows: its stored market value (the table `market_values`, written by
 * market-refresh.ts) and the rating of its stored ratio price ÷ value (product_deals, the key the
 * `deal` sort pages by), so the badges and 'Best deal' always agree. Read, never computed, per
 * request: by the car's page in its own query, by a search page for its cars in one more.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { MarketBasis } from './market-valuation';
import type { FairPrice, FairPriceRating, MarketValue } from './value-types';

/** The upper bound of each rating's ratio (price ÷ market value); 'high' above the last. */
export const RATING_RATIOS: readonly [FairPriceRating, number][] = [
  ['great', 0.9],
  ['good', 0.97],
  ['fair', 1.06],
];

/** The rating of a ratio price ÷ market value; null for Infinity (not rated). */
export function rateRatio(ratio: number): FairPriceRating | null {
  if (!Number.isFinite(ratio)) return null;
  return RATING_RATIOS.find(([, upTo]) => ratio <= upTo)?.[0] ?? 'high';
}

/** A car's stored market value as read (`p`: the car). */
export const MARKET_JOIN = sql.raw(`left join market_values mv on mv.product_id = p.id
  left join market_fits mf on mf.make = mv.make and mf.model = mv.model
  left join market_fits mk on mk.make = mv.make and mk.model = ''
  left join product_deals pd on pd.product_id = p.id`);
export const MARKET_COLUMNS = sql.raw(`mv.value as "mvValue", mv.basis as "mvBasis",
  case when mv.basis = 'comparables' then mv.comparables else mf.listings end as "mvListings",
  mk.listings as "mvMakeListings", pd.ratio as "mvRatio"`);

/** The market value's columns of a row. */
export interface MarketColumns {
  mvValue: number | null;
  mvBasis: MarketBasis | null;
  mvListings: number | null;
  mvMakeListings: number | null;
  mvRatio: number | string | null;
}

/** The fair price (null: not rated) and the market value (null: none yet) of a row. */
export function marketOf(row: Partial<MarketColumns>): {
  fairPrice: FairPrice | null;
  marketValue: MarketValue | null;
} {
  if (row.mvValue == null || row.mvBasis == null) return { fairPrice: null, marketValue: null };
  const value = Number(row.mvValue);
  const listings = Number(row.mvListings ?? 0);
  const rating = rateRatio(Number(row.mvRatio ?? Infinity));
  return {
    fairPrice: rating ? { rating, median: value, comparables: listings } : null,
    marketValue: {
      value,
      basis: row.mvBasis,
      listings,
      makeListings: row.mvBasis === 'make' ? Number(row.mvMakeListings ?? listings) : null,
      rated: rating !== null,
    },
  };
}

/** The market columns of these cars, by id (a search page's, in one query). */
export async function marketColumnsOf(db: Db, ids: string[]): Promise<Map<string, MarketColumns>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(
    sql`select p.id, ${MARKET_COLUMNS} from products p ${MARKET_JOIN}
      where p.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  const rows = (result as unknown as { rows: (MarketColumns & { id: string })[] }).rows;
  return new Map(rows.map((row) => [row.id, row]));
}
