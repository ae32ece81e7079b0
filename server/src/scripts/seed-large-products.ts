/**
 * The large seed's cars (seed-large.ts): car `g` is car `g` of the known market
 * (known-market.ts: make, model, year, mileage, condition and a price from a known rule), with
 * a seller, a place (seed-large-places.ts), a description and a post date drawn from the same
 * row number, so every run writes the same cars. Generated here and written in batches, each one statement over a JSON
 * array of its rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { knownCar, uniform } from './known-market';
import { DESCRIPTIONS } from './seed-large-names';
import { seedPlaces, type SeedPlace } from './seed-large-places';

/** Cars per statement: about 3 MB of JSON. */
const BATCH = 5_000;
const TWO_YEARS_SECONDS = 2 * 365 * 24 * 3600;

const draw = <T>(items: readonly T[], g: number, stream: number): T =>
  items[Math.floor(uniform(g, stream) * items.length)]!;

/** Row `g`'s car as the insert statement reads it. */
function productRow(
  g: number,
  year: number,
  sellers: number,
  sellerEvery: number,
  placeOf: (g: number) => SeedPlace,
) {
  const car = knownCar(g, year);
  const picture = car.makeIndex * 3 + 1 + Math.floor(uniform(g, 20) * 3);
  return {
    g,
    seller: sellerEvery * (1 + Math.floor(uniform(g, 21) * sellers)),
    car_name: `${car.make} ${car.model} ${car.trim}`,
    car_photo: `/images/cars/car-${String(picture).padStart(2, '0')}.svg`,
    category_name: car.make,
    condition: car.condition,
    original_price: Math.max(Math.round(car.newPrice / 100) * 100, car.price),
    resale_price: car.price,
    ...placeOf(g),
    user_years: year - car.modelYear > 0 ? year - car.modelYear : 0,
    product_description: `${draw(DESCRIPTIONS, g, 23)} ${draw(DESCRIPTIONS, g, 24)}`,
    advertisement: Math.floor(uniform(g, 25) * 100) === 0 ? 'true' : 'false',
    age_seconds: Math.floor(uniform(g, 26) * TWO_YEARS_SECONDS),
    model: car.model,
    model_year: car.modelYear,
    trim: car.trim,
    body_style: car.bodyStyle,
    fuel: car.fuel,
    transmission: car.transmission,
    drive: car.drive,
    exterior_color: car.exteriorColor,
    mileage: car.mileage,
    owners: car.owners,
  };
}

/**
 * Writes cars 1…`count` of the known market as of `year`, each sold by one of the `sellers`
 * sellers (users `sellerEvery`, 2 × `sellerEvery`, …).
 */
export async function insertKnownCars(
  tx: Db,
  count: number,
  sellers: number,
  sellerEvery: number,
  year: number,
): Promise<void> {
  const placeOf = await seedPlaces(tx);
  for (let first = 1; first <= count; first += BATCH) {
    const rows = [];
    for (let g = first; g < Math.min(first + BATCH, count + 1); g++) {
      rows.push(productRow(g, year, sellers, sellerEvery, placeOf));
    }
    await tx.execute(sql`
      insert into products (id, car_name, car_photo, category_name, condition, original_price,
        resale_price, product_location, user_years, post_time, product_description,
        seller_name, seller_photo, email, advertisement, created_at, model, model_year, trim,
        body_style, fuel, transmission, drive, exterior_color, mileage, owners, zip, latitude,
        longitude)
      select substr(md5('large-product-' || x.g), 1, 24), x.car_name, x.car_photo,
             x.category_name, x.condition, x.original_price, x.resale_price, x.product_location,
             x.user_years,
             to_char(t.created_at at time zone 'UTC', 'FMMM/FMDD/YYYY, FMHH12:MI:SS AM'),
             x.product_description, s.name, s.user_img, s.email, x.advertisement, t.created_at,
             x.model, x.model_year, x.trim, x.body_style, x.fuel, x.transmission, x.drive,
             x.exterior_color, x.mileage, x.owners, x.zip, x.latitude, x.longitude
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(g int, seller int,
             car_name text, car_photo text, category_name text, condition text,
             original_price float8, resale_price float8, product_location text,
             user_years float8, product_description text, advertisement text, age_seconds int,
             model text, model_year int, trim text, body_style text, fuel text,
             transmission text, drive text, exterior_color text, mileage int, owners int,
             zip text, latitude float8, longitude float8)
      cross join lateral (
        select now() - make_interval(secs => x.age_seconds) - x.g * interval '1 microsecond'
          as created_at
      ) t
      join users s on s.id = substr(md5('large-user-' || x.seller), 1, 24)
      order by x.g`);
  }
}
