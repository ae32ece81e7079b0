import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { databaseKind, openTestDatabase } from '../../test/helper';

/**
 * The relations are the database's promise (migration 0004), not only the repositories': a
 * delete by hand, outside the API, leaves nothing dangling, and nothing dangling can be written.
 */
describe(`foreign keys (${databaseKind})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`
      insert into users (id, name, email, user_role) values
        ('u-seller', 'Sal', 'sal@fk.test', 'Seller'),
        ('u-buyer', 'Bo', 'bo@fk.test', 'Buyer')`);
    await database.db.execute(sql`
      insert into products (id, car_name, car_photo, category_name, condition, original_price,
        resale_price, product_location, user_years, post_time, product_description, seller_name,
        email) values
        ('p-1', 'Model 3', '/p.png', 'Tesla', 'Good', 40000, 30000, 'Oslo', 2, 'now', 'ok', 'Sal',
          'sal@fk.test'),
        ('p-2', 'Model S', '/p.png', 'Tesla', 'Good', 60000, 50000, 'Oslo', 1, 'now', 'ok', 'Sal',
          'sal@fk.test')`);
    await database.db.execute(sql`
      insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
        meet_location, product_id, car_image) values
        ('o-1', 'Bo', 'bo@fk.test', 'Model 3', 30000, '123', 'Oslo', 'p-1', '/p.png'),
        ('o-2', 'Bo', 'bo@fk.test', 'Model S', 50000, '123', 'Oslo', 'p-2', '/p.png')`);
  });
  afterAll(() => database.close());

  const ids = async (table: 'orders' | 'products' | 'users') => {
    // PGlite's and node-postgres's results differ in type, not in `rows`.
    const result = (await database.db.execute(
      sql`select id from ${sql.identifier(table)} where id like ${'%-%'} order by id`,
    )) as unknown as { rows: { id: string }[] };
    return result.rows.map((row) => row.id);
  };

  /** The database's own reason for refusing a statement (Drizzle wraps it as the cause). */
  const refusal = (statement: Promise<unknown>) =>
    statement.then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );

  it('refuses a booking of a car that does not exist, and a car of nobody', async () => {
    expect(
      await refusal(
        database.db.execute(sql`
        insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
          meet_location, product_id, car_image)
        values ('o-x', 'Bo', 'bo@fk.test', 'Ghost', 1, '1', 'x', 'p-missing', '/p.png')`),
      ),
    ).toMatch(/foreign key/);
    expect(
      await refusal(
        database.db.execute(sql`
        insert into products (id, car_name, car_photo, category_name, condition,
          original_price, resale_price, product_location, user_years, post_time,
          product_description, seller_name, email)
        values ('p-x', 'Ghost', '/p.png', 'Tesla', 'Good', 1, 1, 'x', 1, 'now', 'x', 'Nobody',
          'nobody@fk.test')`),
      ),
    ).toMatch(/foreign key/);
  });

  it('deletes the bookings on a car deleted by hand', async () => {
    await database.db.execute(sql`delete from products where id = 'p-1'`);
    expect(await ids('orders')).toEqual(['o-2']);
  });

  it("deletes a user's cars and bookings with the user", async () => {
    await database.db.execute(sql`delete from users where id = 'u-seller'`);
    expect(await ids('products')).toEqual([]);
    expect(await ids('orders')).toEqual([]);
    expect(await ids('users')).toEqual(['u-buyer']);
  });
});
