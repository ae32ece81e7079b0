/**
 * The alert bench's saved searches (bench/alerts.ts): realistic and deterministic. Search `g` is
 * what a person shopping for car `g` of the known market (server/src/scripts/known-market.ts)
 * would save: nearly all a city (they look near home), most its make and model and a price
 * ceiling near its price; some a model-year floor, a mileage ceiling, a condition, a verified
 * seller, or a few words (some misspelt, some no car has); a few name no make (a body style or
 * fuel under a price), a very few nothing at all. With four makes in the catalogue, anything
 * broader has each new car alert thousands of searches (docs/alerts.md). Written in batches, each one statement over a JSON array of its rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/platform/db/client';
import { newId } from '../server/src/platform/db/ids';
import type { SearchFilters } from '../server/src/search/search-types';
import type { Near } from '../server/src/search/search-near';
import { placeOfText } from '../server/src/places/places';
import { searchSummary } from '../api/shared/search-summary';
import { canonicalQuery } from '../server/src/alerts/saved-search-query';
import { knownCar, MAKES, uniform } from '../server/src/scripts/known-market';
import { CITIES } from '../server/src/scripts/seed-large-names';

/** Rows per statement. */
const BATCH = 5_000;
/** Known-market cars the searches are drawn from: past the seeded ones. */
const FIRST_TEMPLATE = 10_000_000;

/** Free text people type: a trim or a model (some misspelt), a feature, a word no car has. */
const WORDS = (model: string, trim: string) => [
  trim,
  model,
  model.replace(/e/, 'ee'),
  'one owner',
  'garaged',
  'no accidents',
  'ceramic coating',
  'highway miles',
  'xyzzy',
];

const roundUp = (n: number, unit: number) => Math.ceil(n / unit) * unit;

/** A city's place (its most central ZIP code), or null for a name the places do not know. */
export type CityPlace = Near | null;

/** Each of the seed's cities' place, in CITIES' order. */
export function cityPlaces(db: Db): Promise<CityPlace[]> {
  return Promise.all(
    CITIES.map(async (city) => {
      const place = await placeOfText(db, city);
      return place
        ? { zip: place.zip, latitude: place.latitude, longitude: place.longitude }
        : null;
    }),
  );
}

/** The radius a search near home takes: mostly 25 to 100 miles, some 10, some 200 or 500. */
const RADII = [10, 25, 25, 50, 50, 50, 100, 100, 200, 500] as const;

/**
 * Saved search `g`'s filters and how it is mailed. A third of those near home name a ZIP code
 * and a radius instead of the city's name (`places`: each city's place, when known).
 */
export function searchFilters(g: number, year: number, places: CityPlace[] = []): SearchFilters {
  const u = (stream: number) => uniform(g, 40 + stream);
  const car = knownCar(FIRST_TEMPLATE + g, year);
  const kind = u(0);
  if (kind < 0.0002) return {};
  const filters: SearchFilters = {};
  // Most look near home (a city), as a used-car site's search starts.
  if (u(19) < 0.92) {
    const city = Math.floor(u(20) * CITIES.length);
    const place = places[city];
    if (place && u(25) < 1 / 3) {
      filters.near = place;
      filters.radiusMiles = RADII[Math.floor(u(26) * RADII.length)];
    } else filters.location = CITIES[city]!.split(',')[0];
  }
  if (kind < 0.04) {
    // No make: a body style or a fuel under a price.
    if (u(1) < 0.5) filters.bodyStyles = [car.bodyStyle as 'SUV'];
    else filters.fuels = [car.fuel as 'Electric'];
    filters.maxPrice = roundUp(car.price * (0.85 + 0.3 * u(2)), 1000);
    return filters;
  }
  filters.categories = [car.make];
  if (u(5) < 0.04) {
    const other = MAKES[Math.floor(u(6) * MAKES.length)]!.name;
    if (other !== car.make) filters.categories.push(other);
  }
  if (u(7) < 0.9) filters.models = [car.model];
  if (u(8) < 0.85) filters.maxPrice = roundUp(car.price * (0.85 + 0.3 * u(9)), 1000);
  if (u(10) < 0.1) filters.minPrice = roundUp((filters.maxPrice ?? car.price) * 0.5, 1000);
  if (u(11) < 0.5) filters.minModelYear = car.modelYear - Math.floor(u(12) * 3);
  if (u(13) < 0.08) filters.maxModelYear = car.modelYear + Math.floor(u(14) * 3);
  if (u(15) < 0.4) filters.maxMileage = roundUp(car.mileage * (1 + u(16)) + 1, 10_000);
  if (u(17) < 0.12) filters.conditions = u(18) < 0.5 ? ['Excellent'] : ['Excellent', 'Good'];
  if (u(21) < 0.03) filters.verified = true;
  if (u(22) < 0.02) filters.transmissions = [car.transmission as 'Automatic'];
  if (u(23) < 0.08) {
    const words = WORDS(car.model, car.trim);
    filters.q = words[Math.floor(u(24) * words.length)];
  }
  return filters;
}

/** How search `g`'s matches are mailed: mostly in the digest, some at once, some never. */
const notifyOf = (g: number) => {
  const n = uniform(g, 70);
  return n < 0.6 ? 'daily' : n < 0.85 ? 'instant' : 'never';
};

/**
 * Writes `count` saved searches for the `users` first users of the large seed (user ids as
 * seed-large.ts makes them), saved over the last year; a user's same filters twice are one.
 */
export async function insertSearches(db: Db, count: number, users: number): Promise<void> {
  const year = new Date().getUTCFullYear();
  const places = await cityPlaces(db);
  for (let first = 1; first <= count; first += BATCH) {
    const rows = [];
    for (let g = first; g < Math.min(first + BATCH, count + 1); g++) {
      const filters = searchFilters(g, year, places);
      rows.push({
        id: newId(),
        user: 1 + (g % users),
        name: searchSummary(filters),
        query: canonicalQuery(filters),
        q: filters.q ?? null,
        makes: filters.categories ?? null,
        models: filters.models ?? null,
        conditions: filters.conditions ?? null,
        fuels: filters.fuels ?? null,
        transmissions: filters.transmissions ?? null,
        body_styles: filters.bodyStyles ?? null,
        min_price: filters.minPrice ?? null,
        max_price: filters.maxPrice ?? null,
        min_model_year: filters.minModelYear ?? null,
        max_model_year: filters.maxModelYear ?? null,
        max_mileage: filters.maxMileage ?? null,
        location: filters.location ?? null,
        near_zip: filters.near?.zip ?? null,
        latitude: filters.near?.latitude ?? null,
        longitude: filters.near?.longitude ?? null,
        radius_miles: filters.radiusMiles ?? null,
        verified: filters.verified ?? false,
        notify: notifyOf(g),
        age: Math.floor(uniform(g, 71) * 365 * 24 * 3600) + 3600,
      });
    }
    await db.execute(sql`
      insert into saved_searches (id, user_id, name, query, q, makes, models, conditions, fuels,
        transmissions, body_styles, min_price, max_price, min_model_year, max_model_year,
        max_mileage, location, near_zip, latitude, longitude, radius_miles, verified, notify,
        created_at, opened_at)
      select x.id, substr(md5('large-user-' || x.user), 1, 24), x.name, x.query, x.q, x.makes,
        x.models, x.conditions, x.fuels, x.transmissions, x.body_styles, x.min_price,
        x.max_price, x.min_model_year, x.max_model_year, x.max_mileage, x.location, x.near_zip,
        x.latitude, x.longitude, x.radius_miles, x.verified,
        x.notify, now() - make_interval(secs => x.age), now() - make_interval(secs => x.age)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, "user" int,
        name text, query text, q text, makes text[], models text[], conditions text[],
        fuels text[], transmissions text[], body_styles text[], min_price float8,
        max_price float8, min_model_year int, max_model_year int, max_mileage int,
        location text, near_zip text, latitude float8, longitude float8, radius_miles int,
        verified boolean, notify text, age int)
      on conflict (user_id, query) do nothing`);
  }
}
