/** The large seed, at a small size: counts, realistic shapes, references that hold, idempotence. */
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/helper';
import type { Database } from '../db/client';
import { seedLarge } from './seed-large';

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

  const again = await seedLarge(database.db, { products: 400, users: 80, orders: 600 });
  expect(again).toEqual({
    seeded: false,
    reason: expect.stringMatching(/already here \(400 products, 80 users, 600 orders\)/),
  });
});
