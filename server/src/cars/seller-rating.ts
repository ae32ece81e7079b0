/** A seller's rating as every answer shows it, from the stored count and sum of their reviews. */

export interface SellerRating {
  /** One decimal; null without reviews. */
  average: number | null;
  count: number;
}

/** The rating of `users.review_count` and `review_sum` (the visible reviews; null: no account). */
export function ratingOf(count: number | string | null, sum: number | string | null): SellerRating {
  const n = Number(count ?? 0);
  return { average: n > 0 ? Math.round((Number(sum ?? 0) / n) * 10) / 10 : null, count: n };
}
