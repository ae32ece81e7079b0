/**
 * Places by ZIP code, by the text of a car's location ('Austin, TX') and by a local page's slug
 * ('austin-tx'). A city is one place: its ZIP codes' centre, named by the ZIP nearest to it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

export interface Place {
  zip: string;
  /** 'Austin, TX' */
  place: string;
  latitude: number;
  longitude: number;
}

/** What 400 answers for a ZIP code that is not five digits or that no place has. */
export const NO_SUCH_ZIP = 'no such US ZIP code';

export const placeName = (city: string, state: string) => `${city}, ${state}`;

/** A place's slug: its city and state in lower case, joined by hyphens ('round-rock-tx'). */
export function placeSlug(city: string, state: string): string {
  return `${city} ${state}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * placeSlug's rule in SQL, over a text column or expression. A city's slug is indexed with its
 * state (`places_slug_idx`, this very expression over `city`), so a local page finds its place
 * without reading every place.
 */
export const slugSql = (text: SQL) =>
  sql`trim(both '-' from regexp_replace(lower(${text}), '[^a-z0-9]+', '-', 'g'))`;

interface PlaceRow {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

const asPlace = (row: PlaceRow): Place => ({
  zip: row.zip,
  place: placeName(row.city, row.state),
  latitude: Number(row.latitude),
  longitude: Number(row.longitude),
});

/** The place of a five-digit US ZIP code; null for any other text or an unknown code. */
export async function placeOfZip(db: Db, zip: string): Promise<Place | null> {
  if (!/^\d{5}$/.test(zip)) return null;
  const [row] = await rowsOf<PlaceRow>(
    db,
    sql`select zip, city, state, latitude, longitude from places where zip = ${zip}`,
  );
  return row ? asPlace(row) : null;
}

/** A city's place: the centre of its ZIP codes, named by the ZIP code nearest to it. */
async function cityPlace(db: Db, where: ReturnType<typeof sql>): Promise<Place | null> {
  const [row] = await rowsOf<PlaceRow>(
    db,
    sql`
    with city as (select * from places where ${where}),
      centre as (
        select min(city) as city, min(state) as state, avg(latitude) as latitude,
          avg(longitude) as longitude, count(distinct (lower(city), state)) as cities
        from city)
    select (select c.zip from city c
        order by (c.latitude - centre.latitude) ^ 2 + (c.longitude - centre.longitude) ^ 2, c.zip
        limit 1) as zip,
      centre.city, centre.state, centre.latitude, centre.longitude
    from centre where centre.cities = 1`,
  );
  return row?.zip ? asPlace(row) : null;
}

/**
 * The one US place a location's text names, as 'City, ST' or 'City ST' (any case): null when it
 * names none ('Maranello', 'ATX', a city without its state).
 */
export async function placeOfText(db: Db, text: string): Promise<Place | null> {
  const named = cityOfText(text);
  if (!named) return null;
  return cityPlace(db, sql`lower(city) = ${named.city} and state = ${named.state}`);
}

/**
 * The city (in lower case, single spaces) and state ('TX') a location's text names as
 * 'City, ST' or 'City ST'; null for any other text.
 */
export function cityOfText(text: string): { city: string; state: string } | null {
  const match = /^\s*([A-Za-z][A-Za-z .'-]*?)\s*(?:,\s*|\s+)([A-Za-z]{2})\s*$/.exec(text);
  if (!match) return null;
  const city = match[1]!.replace(/\s+/g, ' ').trim().toLowerCase();
  return { city, state: match[2]!.toUpperCase() };
}

/** The place of a local page's slug ('austin-tx'); null when no city has it. */
export async function placeOfSlug(db: Db, slug: string): Promise<Place | null> {
  const match = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([a-z]{2})$/.exec(slug);
  if (!match) return null;
  const state = match[2]!.toUpperCase();
  const city = match[1]!;
  return cityPlace(db, sql`${slugSql(sql`city`)} = ${city} and state = ${state}`);
}

/** The places' queries on one database handle. */
export function placesRepository(db: Db) {
  return {
    ofZip: (zip: string) => placeOfZip(db, zip),
    ofText: (text: string) => placeOfText(db, text),
    ofSlug: (slug: string) => placeOfSlug(db, slug),
  };
}
