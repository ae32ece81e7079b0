/**
 * A burst of near-identical listings from new accounts: cars of one make, model and model year
 * at like prices (within `burstPricePercent` of the car's), posted in the last `burstHours` by
 * `burstAccounts` or more new accounts (catalogue/market-trust.ts). Such a burst is how a few
 * fresh accounts would try to steer a model's market value; each of its cars is flagged
 * ('listing_burst') for the moderators, and stays for sale until one acts.
 */
import { sql } from 'drizzle-orm';
import { isNewAccountSql, type MarketTrust } from '../valuation/market-trust';
import type { Db } from '../platform/db/client';

/** A model's key in SQL, as the market values group models (market-valuation.ts, modelKey). */
const modelKeyOf = (alias: string) =>
  sql.raw(`lower(regexp_replace(trim(${alias}.model), '\\s+', ' ', 'g'))`);

export interface ListingBurst {
  /** The burst's cars, this one included. */
  ids: string[];
  details: string;
}

/** The burst the car is part of, if it is a new account's and there is one; else null. */
export async function listingBurst(
  db: Db,
  productId: string,
  trust: MarketTrust,
): Promise<ListingBurst | null> {
  if (trust.burstAccounts <= 0) return null;
  const share = 1 + trust.burstPricePercent / 100;
  const result = (await db.execute(sql`
    with car as (
      select p.category_name, ${modelKeyOf('p')} as model, p.model_year, p.resale_price
      from products p join users u on u.email = p.email
      where p.id = ${productId} and p.sold_at is null and p.model is not null
        and p.model_year is not null and ${isNewAccountSql(trust, sql.raw('u'))}
    )
    select o.id, o.email, car.category_name as make, o.model, o.model_year as "modelYear"
    from car
    join products o on o.category_name = car.category_name
      and o.created_at > now() - make_interval(hours => ${trust.burstHours})
      and o.sold_at is null and o.model_year = car.model_year
      and ${modelKeyOf('o')} = car.model
      and o.resale_price between car.resale_price / ${share}::float8
        and car.resale_price * ${share}::float8
    join users n on n.email = o.email and ${isNewAccountSql(trust, sql.raw('n'))}
    order by o.created_at, o.id`)) as unknown as {
    rows: { id: string; email: string; make: string; model: string; modelYear: number }[];
  };
  const rows = result.rows;
  const accounts = new Set(rows.map((r) => r.email)).size;
  if (accounts < trust.burstAccounts) return null;
  const first = rows[0]!;
  return {
    ids: rows.map((r) => r.id),
    details:
      `${rows.length} listings of a ${first.modelYear} ${first.make} ${first.model} at like ` +
      `prices from ${accounts} new accounts in ${trust.burstHours} hours`,
  };
}
