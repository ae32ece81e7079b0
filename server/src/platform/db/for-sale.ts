/**
 * The one for-sale condition: a car is for sale when it is neither sold nor hidden
 * (by a moderator, with its seller's suspension, or waiting for approval). Every list, count,
 * market value, deal ratio, sitemap and alert reads it from here; the database's counting
 * triggers (`product_counts_after_*`, `vehicle_counts_follow`) say the same. The partial indexes
 * `WHERE sold_at IS NULL` still serve it: `hidden is null` is checked on the rows they give (hidden
 * cars are few).
 */
import { and, isNull, sql, type SQL } from 'drizzle-orm';
import { products } from './schema';

/** The condition for a car aliased `alias` in raw SQL (`p` in the catalogue's queries). */
export function forSaleAs(alias: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.sold_at is null and ${a}.hidden is null`;
}

/** The condition for `products p`, as the catalogue's raw SQL aliases it. */
export const FOR_SALE_SQL: SQL = forSaleAs('p');

/** The condition in Drizzle's query builder, on `products`. */
export const forSale: SQL = and(isNull(products.soldAt), isNull(products.hidden))!;
