/**
 * How much a listing counts in the market values, so that a few new accounts cannot steer them:
 *
 * - an established account's cars count fully; a new account's (younger than `establishedDays`,
 *   not verified by an admin, no booking of its own cars marked sold) weigh `newAccountPercent`
 *   percent of a car, in the fits and towards their minimum listings, until it has that history;
 * - one seller's cars in a fit weigh together at most as much as `sellerCars` cars, so a dealer's
 *   hundred listings of a model (or one account's) cannot outvote everyone else's.
 *
 * A car whose seller has no record (a seed's, a script's) counts as established. The refresh
 * (market-refresh.ts) reads each car's trust; the valuation (market-valuation.ts) weighs it.
 * The same settings name a burst of near-identical listings from new accounts, which the
 * automatic flags put in the moderators' queue (trust/auto-flags.ts).
 */
import { sql, type SQL } from 'drizzle-orm';

export interface MarketTrust {
  /** `MARKET_ESTABLISHED_DAYS`: an account this many days old is established (0: every one). */
  establishedDays: number;
  /** `MARKET_NEW_ACCOUNT_PERCENT`: what a new account's car weighs, in percent of a car. */
  newAccountPercent: number;
  /** `MARKET_SELLER_CARS`: the most cars one seller's listings in a fit weigh together. */
  sellerCars: number;
  /** `LISTING_BURST_ACCOUNTS`: new accounts whose like listings make a burst (0: no flag). */
  burstAccounts: number;
  /** `LISTING_BURST_HOURS`: the window a burst's listings were posted in. */
  burstHours: number;
  /** `LISTING_BURST_PRICE_PERCENT`: how far apart (percent of the lower) like prices may be. */
  burstPricePercent: number;
}

export const DEFAULT_MARKET_TRUST: MarketTrust = {
  establishedDays: 30,
  newAccountPercent: 5,
  sellerCars: 3,
  burstAccounts: 3,
  burstHours: 24,
  burstPricePercent: 10,
};

/**
 * Whether the account `u` (a row of `users`, or null: no record) is new: younger than
 * `establishedDays`, not verified, and no booking of its cars marked sold.
 */
export function isNewAccountSql(trust: MarketTrust, u = sql.raw('u')): SQL {
  return sql`(${u}.id is not null and ${u}.user_verify <> 'true'
    and ${u}.created_at > now() - make_interval(days => ${trust.establishedDays})
    and not exists (select 1 from orders o where o.seller_id = ${u}.id and o.status = 'sold'))`;
}

/** What a car weighs in the fits for its seller's history (1 established, less when new). */
export const trustOf = (trust: MarketTrust, isNew: boolean): number =>
  isNew ? trust.newAccountPercent / 100 : 1;

/** A listing as the weighing reads it: its seller and its trust (default 1). */
export interface Weighable {
  seller?: string;
  trust?: number;
}

/**
 * Each listing's weight in a fit over `points`: its trust, times the share that keeps its
 * seller's cars together at `sellerCars` cars at most (0: no cap).
 */
export function sellerWeights(points: readonly Weighable[], sellerCars: number): number[] {
  const counts = new Map<string, number>();
  for (const p of points) {
    if (p.seller !== undefined) counts.set(p.seller, (counts.get(p.seller) ?? 0) + 1);
  }
  return points.map((p) => {
    const trust = p.trust ?? 1;
    const cars = p.seller === undefined ? 1 : counts.get(p.seller)!;
    return sellerCars > 0 && cars > sellerCars ? (trust * sellerCars) / cars : trust;
  });
}
