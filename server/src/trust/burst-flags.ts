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
import { rowsOf } from '../platform/db/rows';

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
  // The car first, alone: with it in the same statement the planner read every car posted in the
  // window and checked each against the car, even when the car was no new account's (a verified
  // dealer's import: 1,000 cars read for each of its 1,000 cars).
  const [car] = await rowsOf<{ make: string; model: string; modelYear: number; price: number }>(
    db,
    sql`
    select p.category_name as make, ${modelKeyOf('p')} as model, p.model_year as "modelYear",
      p.resale_price as price
    from products p join users u on u.email = p.email
    where p.id = ${productId} and p.sold_at is null and p.model is not null
      and p.model_year is not null and ${isNewAccountSql(trust, sql.raw('u'))}`,
  );
  if (!car) return null;
  const rows = await rowsOf<{ id: string; email: string; model: string }>(
    db,
    sql`
    select o.id, o.email, o.model
    from products o
    join users n on n.email = o.email and ${isNewAccountSql(trust, sql.raw('n'))}
    where o.category_name = ${car.make}
      and o.created_at > now() - make_interval(hours => ${trust.burstHours})
      and o.sold_at is null and o.model_year = ${car.modelYear}
      and ${modelKeyOf('o')} = ${car.model}
      and o.resale_price between ${car.price} / ${share}::float8 and ${car.price} * ${share}::float8
    order by o.created_at, o.id`,
  );
  const accounts = new Set(rows.map((r) => r.email)).size;
  if (accounts < trust.burstAccounts) return null;
  const first = rows[0]!;
  return {
    ids: rows.map((r) => r.id),
    details:
      `${rows.length} listings of a ${car.modelYear} ${car.make} ${first.model} at like ` +
      `prices from ${accounts} new accounts in ${trust.burstHours} hours`,
  };
}
