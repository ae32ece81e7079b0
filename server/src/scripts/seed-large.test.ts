/** The large seed, at a small size: counts, realistic shapes, references that hold, idempotence. */
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/helper';
import type { Database } from '../platform/db/client';
import { ruleOf, rulePrice } from './known-market';
import { seedLarge } from './seed-large';
import { METRO_SHARE } from './seed-large-places';
import { CITIES } from './seed-large-names';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0];
}

it('writes the asked numbers of users, products and orders, once', async () => {
  const outcome = await seedLarge(database.db, { products: 400, users: 80, orders: 600 });
  expect(outcome.seeded).toBe(true);
  const counts = await one<Record<string, number>>(sql`
    select (select count(*) from products)::int as products,
           (select count(*) from users where user_role = 'Seller')::int as sellers,
           (select count(*) from users where user_role = 'Buyer')::int as buyers,
           (select count(*) from orders)::int as orders,
           (select count(distinct category_name) from products)::int as categories`);
  expect(counts).toEqual({ products: 400, sellers: 20, buyers: 60, orders: 600, categories: 4 });

  // Every product belongs to a seller, every order to a buyer and an existing product whose
  // name, price and picture it copied.
  const broken = await one<Record<string, number>>(sql`
    select (select count(*) from products p left join users u on u.email = p.email
             where u.user_role is distinct from 'Seller')::int as products,
           (select count(*) from orders o left join users u on u.email = o.buyer_email
             left join products p on p.id = o.product_id
             where u.user_role is distinct from 'Buyer' or p.id is null
                or p.car_name <> o.product_name or p.resale_price <> o.product_price
                or p.car_photo <> o.car_image)::int as orders`);
  expect(broken).toEqual({ products: 0, orders: 0 });

  const shape = await one<Record<string, unknown>>(sql`
    select bool_and(car_photo ~ '^/images/cars/car-(0[1-9]|1[0-2])\\.svg$') as photos,
           bool_and(car_name like category_name || ' %') as names,
           bool_and(resale_price > 0 and resale_price <= original_price) as prices,
           bool_and(user_years between 0 and 30) as years,
           bool_and(condition in ('Excellent', 'Good', 'Fair')) as conditions,
           bool_and(post_time ~ '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}, [0-9]{1,2}:[0-9]{2}:[0-9]{2} (AM|PM)$') as post_times,
           bool_and(created_at <= now()) as dates,
           count(distinct created_at) = count(*) as distinct_times
    from products`);
  expect(shape).toEqual({
    photos: true,
    names: true,
    prices: true,
    years: true,
    conditions: true,
    post_times: true,
    dates: true,
    distinct_times: true,
  });

  // The known market: every car's vehicle data, its price from the rule (within the noise, but
  // for the mistyped few), its years used its age.
  const year = new Date().getUTCFullYear();
  const cars = (
    (await database.db.execute(sql`select id, category_name, car_name, model, model_year, mileage,
        condition, resale_price, user_years, body_style, fuel from products order by created_at`)) as unknown as {
      rows: {
        category_name: string;
        car_name: string;
        model: string;
        model_year: number;
        mileage: number;
        condition: string;
        resale_price: number;
        user_years: number;
        body_style: string | null;
        fuel: string | null;
      }[];
    }
  ).rows;
  const rules = cars.map((car) => ruleOf(car.category_name, car.model));
  expect(rules.every(Boolean)).toBe(true);
  expect(cars.every((car) => car.car_name.startsWith(`${car.category_name} ${car.model} `))).toBe(
    true,
  );
  expect(
    cars.every((car) => car.model_year <= year && car.user_years === year - car.model_year),
  ).toBe(true);
  expect(
    cars.every((car, i) => car.body_style === rules[i]!.bodyStyle && car.fuel === rules[i]!.fuel),
  ).toBe(true);
  const off = cars.map((car, i) =>
    Math.abs(
      Math.log(
        car.resale_price /
          rulePrice(
            rules[i]!,
            { modelYear: car.model_year, mileage: car.mileage, condition: car.condition },
            year,
          ),
      ),
    ),
  );
  // 8 % noise: nearly all within 4σ (32 %) but the mistyped (a hundred times off).
  expect(off.filter((d) => d > 0.32 && d < 3).length).toBeLessThan(3);
  expect(new Set(cars.map((car) => car.model)).size).toBeGreaterThan(15);

  // Every car at a real ZIP code, its location that place's name and its point that ZIP's; most
  // in the big metros, the rest spread over the country.
  const places = await one<Record<string, number>>(sql`
    select count(*) filter (where pl.zip is null or p.latitude <> pl.latitude
             or p.longitude <> pl.longitude
             or p.product_location <> pl.city || ', ' || pl.state)::int as wrong,
           count(*) filter (where p.product_location in ${CITIES})::int as metro,
           count(distinct pl.state)::int as states
    from products p left join places pl on pl.zip = p.zip`);
  expect(places.wrong).toBe(0);
  expect(places.metro / 400).toBeGreaterThan(METRO_SHARE - 0.08);
  expect(places.metro / 400).toBeLessThan(METRO_SHARE + 0.12);
  expect(places.states).toBeGreaterThan(30);

  const again = await seedLarge(database.db, { products: 400, users: 80, orders: 600 });
  expect(again).toEqual({
    seeded: false,
    reason: expect.stringMatching(/already here \(400 products, 80 users, 600 orders\)/),
  });
});
