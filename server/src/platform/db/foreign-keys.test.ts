import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { databaseKind, openTestDatabase } from '../../../test/helper';

/**
 * The relations are the database's promise (foreign keys and the triggers
 * `products_delete_orders` and `users_delete_orders`), not only the
 * repositories': nothing dangling can be written, and a delete by hand, outside the API, keeps
 * the bookings' history, declining or cancelling what was open and telling the other party.
 */
describe(`relations kept by the database (${databaseKind})`, () => {
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
          'sal@fk.test'),
        ('p-3', 'Model Y', '/p.png', 'Tesla', 'Good', 60000, 50000, 'Oslo', 1, 'now', 'ok', 'Sal',
          'sal@fk.test')`);
    await database.db.execute(sql`
      insert into orders (id, buyer_name, buyer_email, product_name, product_price, phone,
        meet_location, product_id, car_image, status, seller_email, seller_name, buyer_id,
        seller_id) values
        ('o-1', 'Bo', 'bo@fk.test', 'Model 3', 30000, '123', 'Oslo', 'p-1', '/p.png', 'accepted',
          'sal@fk.test', 'Sal', 'u-buyer', 'u-seller'),
        ('o-2', 'Bo', 'bo@fk.test', 'Model S', 50000, '123', 'Oslo', 'p-2', '/p.png', 'cancelled',
          'sal@fk.test', 'Sal', 'u-buyer', 'u-seller'),
        ('o-3', 'Bo', 'bo@fk.test', 'Model Y', 50000, '123', 'Oslo', 'p-3', '/p.png', 'requested',
          'sal@fk.test', 'Sal', 'u-buyer', 'u-seller')`);
  });
  afterAll(() => database.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    // PGlite's and node-postgres's results differ in type, not in `rows`.
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const bookings = () =>
    rows<{ id: string; status: string; reason: string | null }>(
      sql`select id, status, reason from orders where id like 'o-%' order by id`,
    );

  /** The database's own reason for refusing a statement (Drizzle wraps it as the cause). */
  const refusal = (statement: Promise<unknown>) =>
    statement.then(
      () => 'accepted',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );

  it('refuses a car of nobody, and a message on a booking that does not exist', async () => {
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
    expect(
      await refusal(
        database.db.execute(sql`
          insert into messages (id, order_id, sender_email, sender_name, text)
          values ('m-x', 'o-missing', 'bo@fk.test', 'Bo', 'hello')`),
      ),
    ).toMatch(/foreign key/);
  });

  it('declines the open bookings of a car deleted by hand, and tells the buyer', async () => {
    await database.db.execute(sql`delete from products where id = 'p-1'`);
    expect(await bookings()).toEqual([
      { id: 'o-1', status: 'declined', reason: 'The car was removed' },
      { id: 'o-2', status: 'cancelled', reason: null },
      { id: 'o-3', status: 'requested', reason: null },
    ]);
    const told = await rows<{ user_id: string; user_email: string; text: string }>(
      sql`select user_id, user_email, text from notifications where order_id = 'o-1'`,
    );
    expect(told).toEqual([
      {
        user_id: 'u-buyer',
        user_email: 'bo@fk.test',
        text: 'Your booking of Model 3 was declined: The car was removed',
      },
    ]);
    // Every notification is also an e-mail, enqueued in the same transaction.
    const mail = await rows<{ to_email: string; kind: string }>(
      sql`select to_email, kind from outbox where ref = 'o-1'`,
    );
    expect(mail).toEqual([{ to_email: 'bo@fk.test', kind: 'declined' }]);
  });

  it("keeps a deleted buyer's bookings, cancelled, and a deleted seller's, declined", async () => {
    await database.db.execute(sql`delete from users where id = 'u-buyer'`);
    expect((await bookings()).map((b) => b.status)).toEqual(['declined', 'cancelled', 'cancelled']);
    // The deleted buyer shows as 'Deleted user', without e-mail, phone and meeting place.
    expect(
      await rows(sql`select distinct buyer_id, buyer_name, buyer_email, phone, meet_location
        from orders where id like 'o-%'`),
    ).toEqual([
      { buyer_id: null, buyer_name: 'Deleted user', buyer_email: '', phone: '', meet_location: '' },
    ]);
    await database.db.execute(sql`delete from users where id = 'u-seller'`);
    expect(await rows(sql`select id from products where id like 'p-%'`)).toEqual([]);
    expect((await bookings()).map((b) => b.id)).toEqual(['o-1', 'o-2', 'o-3']);
  });
});
