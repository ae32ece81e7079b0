/**
 * The percolator: which saved searches a car matches, in one indexed query over the searches'
 * filter columns (schema-saved-searches.ts) instead of a loop over every search. Each filter is
 * compared with the car exactly as search's own WHERE (catalogue/search-filters.ts) compares a
 * car with it: a list filter names the car's value (null: any), a range holds it (a bound not
 * set: open), the location is a part of the car's (case-insensitive, taken literally), and
 * `verified` asks for a verified seller, `seller_type` a dealer or a private seller. The free text is not compared here: the candidates
 * with text go through text-check.ts, with search's own rules, before the alerts are written.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import type { AlertCar } from './alert-car';
import { matchTextSql } from './alert-text';
import { NEW_ID } from './alert-writes';
import { METERS_PER_MILE } from '../search/search-near';

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
 * The conditions a saved search `s` passes for this car, but for its free text, makes and
 * models: search's own rules, written over the search's columns instead of the car's.
 */
export function passes(car: AlertCar): SQL {
  const backslash = sql`chr(92)`;
  // search-filters.ts's likeLiteral, in SQL: `\`, `%` and `_` of the location taken literally.
  const literal = sql`replace(replace(replace(s.location, ${backslash}, ${backslash} || ${backslash}),
    '%', ${backslash} || '%'), '_', ${backslash} || '_')`;
  return sql.join(
    [
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
      sql`(s.seller_type is null or s.seller_type = ${car.sellerDealer ? 'dealer' : 'private'})`,
    ],
    sql` and `,
  );
}

/** How a match of `s` (its owner's settings `a`) is mailed: its notify, and the digest's switch. */
const MATCH_MAIL = sql`case s.notify when 'instant' then 'now'
  when 'daily' then case when coalesce(a.digest, true) then 'digest' else 'none' end
  else 'none' end`;

/** Which saved searches a match is looked for among: saved when, not whose, and how priced. */
export interface MatchScope {
  /** Saved before this moment (ISO): the car's listing, or its price change. */
  savedBefore: string;
  /** Not matching the car at this earlier price (a price change: searches it starts to match). */
  notAtPrice?: number;
}

/** The letters of a saved search's location its place key keeps (`saved_searches_match_keys`). */
export const PLACE_LETTERS = 3;

/**
 * The car's keys (as `saved_searches_match_keys` writes a search's): each part of one to three
 * letters of its location in lower case, and '' (searches looking anywhere), with its model, its
 * make and 'any'. Worked out in the database, with the lower() its ILIKE uses.
 */
function carKeys(car: AlertCar): SQL {
  const kinds = [sql`'|make|' || ${car.make}::text`, sql`'|any'`];
  if (car.model !== null) kinds.push(sql`'|model|' || ${car.model}::text`);
  return sql`(select array_agg(p.part || k.kind) from (
      select substr(l.place, i, n) as part
      from (select lower(${car.location}::text) as place) l,
        generate_series(1, char_length(l.place)) i,
        generate_series(1, least(${PLACE_LETTERS}, char_length(l.place) - i + 1)) n
      union select ''
    ) p, unnest(array[${sql.join(kinds, sql`, `)}]) as k(kind))`;
}

/**
 * The saved searches the car passes, free text aside, as one query over their filter columns:
 * the searches with one of the car's keys (the GIN index of `match_keys`: those looking where
 * the car is, or anywhere, for its model, its make or any car), and the searches within a radius
 * keyed by its make and model whose circle holds the car's point (the GiST index of their keys
 * and circles' boxes), each then held to every filter.
 */
export function searchesPassing(car: AlertCar, scope: MatchScope): SQL {
  const parts = [
    names(sql`s.makes`, car.make),
    names(sql`s.models`, car.model),
    passes(car),
    sql`s.created_at < ${scope.savedBefore}::timestamptz`,
  ];
  if (car.sellerId !== null) parts.push(sql`s.user_id <> ${car.sellerId}`);
  if (scope.notAtPrice !== undefined) parts.push(sql`not (${priceHolds(scope.notAtPrice)})`);
  const held = sql.join(parts, sql` and `);
  const anywhere = sql`select s.id, s.q from saved_searches s
    where s.match_keys && ${carKeys(car)} and s.radius_miles is null and ${held}`;
  if (car.latitude === null || car.longitude === null) return anywhere;
  // Searches within a radius: those keyed by the car's make and model, its make, or neither,
  // whose circle's box holds the car's point (both in the GiST index
  // saved_searches_circle_key_idx), then the exact distance; their other filters as above.
  const point = sql`ll_to_earth(${car.latitude}::float8, ${car.longitude}::float8)`;
  const centre = sql`ll_to_earth(s.latitude, s.longitude)`;
  const metres = sql`s.radius_miles * ${sql.raw(String(METERS_PER_MILE))}`;
  const keys = [car.make, ''];
  if (car.model !== null) keys.unshift(`${car.make}|${car.model}`);
  return sql`${anywhere}
    union all
    select s.id, s.q from saved_searches s
    where s.radius_miles is not null
      and s.circle_key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})
      and earth_box(${centre}, ${metres}) @> ${point}
      and earth_distance(${centre}, ${point}) <= ${metres} and ${held}`;
}

/** The saved searches the car passes, free text aside (their text is text-check.ts's). */
export function passingSearches(db: Db, car: AlertCar, scope: MatchScope) {
  return rowsOf<{ id: string; q: string | null }>(db, searchesPassing(car, scope));
}

/** Searches written per statement. */
const PER_STATEMENT = 1_000;

/**
 * Writes the car's match alerts (those not written before) to these saved searches, reading
 * each search and its owner as it writes (one deleted meanwhile is not alerted). Answers how
 * many were new.
 */
export async function insertMatches(db: Db, car: AlertCar, searchIds: string[]): Promise<number> {
  let written = 0;
  const sorted = [...searchIds].sort();
  for (let first = 0; first < sorted.length; first += PER_STATEMENT) {
    const ids = sql.join(
      sorted.slice(first, first + PER_STATEMENT).map((id) => sql`${id}`),
      sql`, `,
    );
    const inserted = await rowsOf<{ id: string }>(
      db,
      sql`insert into notifications (id, user_id, user_email, kind, text, product_id,
          saved_search_id, alert_key, mail)
        select ${NEW_ID}, s.user_id, u.email, 'match',
          ${matchTextSql(sql`s.name`, car.name, car.price)}, ${car.id}, s.id,
          'match:' || s.id || ':' || ${car.id}, ${MATCH_MAIL}
        from saved_searches s
        join users u on u.id = s.user_id
        left join alert_settings a on a.user_id = s.user_id
        where s.id in (${ids})
        order by s.id
        on conflict (alert_key) where alert_key is not null do nothing
        returning id`,
    );
    written += inserted.length;
  }
  return written;
}
