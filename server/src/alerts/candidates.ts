/**
 * The percolator: which saved searches a car matches, in one indexed query over the searches'
 * filter columns (schema-saved-searches.ts) instead of a loop over every search. Each filter is
 * compared with the car exactly as search's own WHERE (catalogue/search-filters.ts) compares a
 * car with it: a list filter names the car's value (null: any), a range holds it (a bound not
 * set: open), the location is a part of the car's (case-insensitive, taken literally), and
 * `verified` asks for a verified seller. The free text is not compared here: the candidates
 * with text go through text-check.ts, with search's own rules.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../catalogue/search-rows';
import type { AlertCar } from './alert-car';

/** A saved search the car passes (but for its free text), and how its alert is mailed. */
export interface Candidate {
  id: string;
  name: string;
  q: string | null;
  userId: string;
  userEmail: string;
  mail: 'now' | 'digest' | 'none';
}

/** The list column names the car's value, or names nothing (any). */
function names(column: SQL, value: string | null): SQL {
  if (value === null) return sql`${column} is null`;
  return sql`(${column} is null or ${column} @> array[${value}]::text[])`;
}

/** The range [min, max] of the columns holds the value (a bound not set: open). */
function holds(min: SQL, max: SQL, value: number | null): SQL {
  if (value === null) return sql`${min} is null and ${max} is null`;
  return sql`(${min} is null or ${min} <= ${value}) and (${max} is null or ${max} >= ${value})`;
}

/** A search's price range holds this price (the price filter alone). */
export const priceHolds = (price: number) => holds(sql`s.min_price`, sql`s.max_price`, price);

/**
 * The conditions a saved search `s` passes for this car, but for its free text: search's own
 * rules, written over the search's columns instead of the car's.
 */
export function passes(car: AlertCar): SQL {
  const backslash = sql`chr(92)`;
  // search-filters.ts's likeLiteral, in SQL: `\`, `%` and `_` of the location taken literally.
  const literal = sql`replace(replace(replace(s.location, ${backslash}, ${backslash} || ${backslash}),
    '%', ${backslash} || '%'), '_', ${backslash} || '_')`;
  return sql.join(
    [
      names(sql`s.makes`, car.make),
      names(sql`s.models`, car.model),
      names(sql`s.conditions`, car.condition),
      names(sql`s.fuels`, car.fuel),
      names(sql`s.transmissions`, car.transmission),
      names(sql`s.body_styles`, car.bodyStyle),
      priceHolds(car.price),
      holds(sql`s.min_years`, sql`s.max_years`, car.years),
      holds(sql`s.min_model_year`, sql`s.max_model_year`, car.modelYear),
      holds(sql`s.min_mileage`, sql`s.max_mileage`, car.mileage),
      sql`(s.location is null or ${car.location}::text ilike '%' || ${literal} || '%')`,
      car.sellerVerified ? sql`true` : sql`not s.verified`,
    ],
    sql` and `,
  );
}

/** How a match of `s` (its owner's settings `a`) is mailed: its notify, and the digest's switch. */
const MATCH_MAIL = sql`case s.notify when 'instant' then 'now'
  when 'daily' then case when coalesce(a.digest, true) then 'digest' else 'none' end
  else 'none' end`;

/**
 * The saved searches the car passes (free text aside), saved before `savedBefore` (ISO), not
 * its seller's own, and (`notAtPrice`) whose price range did not hold that earlier price.
 */
export async function candidateSearches(
  db: Db,
  car: AlertCar,
  savedBefore: string,
  notAtPrice?: number,
): Promise<Candidate[]> {
  const parts = [passes(car), sql`s.created_at < ${savedBefore}::timestamptz`];
  if (car.sellerId !== null) parts.push(sql`s.user_id <> ${car.sellerId}`);
  if (notAtPrice !== undefined) parts.push(sql`not (${priceHolds(notAtPrice)})`);
  return rowsOf<Candidate>(
    db,
    sql`select s.id, s.name, s.q, s.user_id as "userId", u.email as "userEmail",
        ${MATCH_MAIL} as mail
      from saved_searches s
      join users u on u.id = s.user_id
      left join alert_settings a on a.user_id = s.user_id
      where ${sql.join(parts, sql` and `)}`,
  );
}
