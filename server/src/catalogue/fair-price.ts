/**
 * The fair-price rule: a car's comparables (the cars for sale of its category and condition
 * whose years used are within ±2, the seller's own left out) and its rating among their
 * quartiles, in SQL (a car's page) and in the server (a search page's price lists).
 */
import { sql } from 'drizzle-orm';
import {
  COMPARABLE_YEARS,
  MIN_COMPARABLES,
  type FairPrice,
  type FairPriceRating,
} from './search-types';

/**
 * The fair price of the car `p` (LATERAL): its comparables are the cars for sale of the same
 * category and condition whose years used are within ±2, the seller's own cars left out.
 */
export const FAIR_PRICE = sql.raw(`left join lateral (
    select count(*)::int as n,
      percentile_cont(array[0.25, 0.5, 0.75]) within group (order by c.resale_price) as q
    from products c
    where c.sold_at is null and c.category_name = p.category_name
      and c.condition = p.condition
      and c.user_years between p.user_years - ${COMPARABLE_YEARS} and p.user_years + ${COMPARABLE_YEARS}
      and c.email <> p.email
  ) fp on true`);
// The three quartiles from one sort of the comparables' prices (one ordered-set aggregate with
// an array of fractions, not three that would each sort them).
export const FAIR_PRICE_COLUMNS = sql.raw(`fp.n as "fpN", fp.q[1] as "fpQ1", fp.q[2] as "fpMedian",
  fp.q[3] as "fpQ3"`);

/**
 * PostgreSQL's `percentile_cont(f)` of sorted values (linear between the two nearest ranks, in
 * the same arithmetic); null for none.
 */
export function percentileCont(sorted: ArrayLike<number>, fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const first = Math.floor(position);
  const second = Math.ceil(position);
  const low = sorted[first]!;
  if (first === second) return low;
  return low + (position - first) * (sorted[second]! - low);
}

/** The rating of a price among its comparables' quartiles; null with too few of them. */
export function rateFairPrice(
  price: number,
  stats: { n: number; q1: number; median: number; q3: number },
): FairPrice | null {
  if (stats.n < MIN_COMPARABLES) return null;
  const rating: FairPriceRating =
    price < stats.q1
      ? 'great'
      : price <= stats.median
        ? 'good'
        : price <= stats.q3
          ? 'fair'
          : 'high';
  return { rating, median: stats.median, comparables: stats.n };
}
