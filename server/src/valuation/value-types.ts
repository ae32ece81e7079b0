/** What a car's market value and fair-price rating are, as the answers carry them. */
export const FAIR_PRICE_RATINGS = ['great', 'good', 'fair', 'high'] as const;
export type FairPriceRating = (typeof FAIR_PRICE_RATINGS)[number];
/** Fewer listings behind a market value than this: no rating (no fair price). */
export const MIN_COMPARABLES = 5;
/** Comparables' years used differ from the car's by at most this. */
export const COMPARABLE_YEARS = 2;

export interface FairPrice {
  rating: FairPriceRating;
  median: number;
  comparables: number;
}

/** A car's market value and what it rests on (market-valuation.ts). */
export interface MarketValue {
  /** Whole dollars. */
  value: number;
  basis: 'model' | 'make' | 'comparables';
  /** The model's listings for sale ('model', 'make'), or the comparables. */
  listings: number;
  /** The make's listings for sale, for a value from the make's fit; else null. */
  makeListings: number | null;
  /** Whether the price is rated against it (fairPrice not null). */
  rated: boolean;
}
