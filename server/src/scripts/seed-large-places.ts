/**
 * Where the large seed's cars are, spread as people are: most in the big metros (CITIES, each
 * car at one of its city's ZIP codes), a long tail anywhere (a ZIP drawn from every US place).
 * The places are read once; a car's location is its place's name, its zip and point that ZIP's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { cityOfText, placeName } from '../places/places';
import { uniform } from './known-market';
import { CITIES } from './seed-large-names';

/** The share of the cars in the big metros; the rest are anywhere in the country. */
export const METRO_SHARE = 0.7;

interface PlaceRow {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface SeedPlace {
  product_location: string;
  zip: string;
  latitude: number;
  longitude: number;
}

const draw = <T>(items: readonly T[], g: number, stream: number): T =>
  items[Math.floor(uniform(g, stream) * items.length)]!;

/** Car `g`'s place, from the places table read once (seedReferenceData loaded it). */
export async function seedPlaces(db: Db): Promise<(g: number) => SeedPlace> {
  const all = await rowsOf<PlaceRow>(
    db,
    sql`select zip, city, state, latitude, longitude from places order by zip`,
  );
  if (all.length === 0) throw new Error('seed-large: the places are not loaded');
  const byCity = new Map<string, PlaceRow[]>();
  for (const place of all) {
    const key = `${place.city.toLowerCase()}|${place.state}`;
    const zips = byCity.get(key) ?? [];
    zips.push(place);
    byCity.set(key, zips);
  }
  const metros = CITIES.map((location) => {
    const named = cityOfText(location);
    return { location, zips: named ? (byCity.get(`${named.city}|${named.state}`) ?? []) : [] };
  });
  const at = (location: string, place: PlaceRow): SeedPlace => ({
    product_location: location,
    zip: place.zip,
    latitude: Number(place.latitude),
    longitude: Number(place.longitude),
  });
  return (g) => {
    // The metro's draw is the stream the seed's locations always used: their cars stay there.
    const metro = draw(metros, g, 22);
    if (uniform(g, 27) < METRO_SHARE && metro.zips.length > 0) {
      return at(metro.location, draw(metro.zips, g, 28));
    }
    const place = draw(all, g, 29);
    return at(placeName(place.city, place.state), place);
  };
}
