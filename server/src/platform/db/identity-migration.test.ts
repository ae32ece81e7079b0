/**
 * Migration 0013 links the rows made before it to their people by id: a booking, a message or a
 * notification belongs to the account with its e-mail only when it is newer than that account
 * (an older row was an earlier account's with the same e-mail); otherwise its id stays empty.
 * Run as the step it is: the migrations before it, rows of the old shape, then 0013.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { TEST_PGLITE_INIT } from '../../../test/pglite-options';
import { createPglite, migrationsFolder } from './client';
import { withDatabase } from '../../../test/global-setup';
import { databaseKind } from '../../../test/helper';

const STEP = '0013_';

/** The migrations' SQL files in order, split into statements as Drizzle's migrator runs them. */
function statements(which: (file: string) => boolean): string[] {
  return readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql') && which(file))
    .sort()
    .flatMap((file) =>
      readFileSync(join(migrationsFolder, file), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .filter(Boolean),
    );
}

interface Sql {
  run(statement: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

/** An empty database of the suite's kind. */
async function emptyDatabase(): Promise<Sql> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const pglite = await createPglite(undefined, TEST_PGLITE_INIT);
    return {
      run: async (statement) => {
        await pglite.exec(statement);
      },
      rows: async <T>(query: string) => (await pglite.query<T>(query)).rows,
      close: () => pglite.close(),
    };
  }
  const name = `cardealer_migration_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const client = new Client({ connectionString: withDatabase(url, name) });
  await client.connect();
  return {
    run: async (statement) => {
      await client.query(statement);
    },
    rows: async <T>(query: string) => (await client.query(query)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

describe(`migration 0013: rows linked to their accounts by id (${databaseKind})`, () => {
  let db: Sql;
  beforeAll(async () => {
    db = await emptyDatabase();
    for (const statement of statements((file) => file < STEP)) await db.run(statement);
    // Ann registered on 1 March; Bob on 1 January. Rows of Ann's e-mail from before March were
    // an earlier account's (deleted since), and a row of an e-mail nobody has now stays unlinked.
    await db.run(`
      INSERT INTO users (id, name, email, user_role, created_at) VALUES
        ('ann', 'Ann', 'ann@test.dev', 'Buyer', '2026-03-01T00:00:00Z'),
        ('bob', 'Bob', 'bob@test.dev', 'Seller', '2026-01-01T00:00:00Z');
      INSERT INTO orders (id, buyer_name, buyer_email, product_name, product_price, phone,
          meet_location, product_id, car_image, created_at, seller_email, seller_name) VALUES
        ('before', 'Old Ann', 'ann@test.dev', 'Car', 1, '555', 'Here', 'p1', '', '2026-02-01T00:00:00Z', 'bob@test.dev', 'Bob'),
        ('after', 'Ann', 'ann@test.dev', 'Car', 1, '555', 'Here', 'p2', '', '2026-04-01T00:00:00Z', 'bob@test.dev', 'Bob'),
        ('nobody', 'Gone', 'gone@test.dev', 'Car', 1, '555', 'Here', 'p3', '', '2026-04-01T00:00:00Z', 'left@test.dev', 'Left'),
        ('early', 'Ann', 'ann@test.dev', 'Car', 1, '555', 'Here', 'p4', '', '2025-12-01T00:00:00Z', 'bob@test.dev', 'Bob');
      INSERT INTO messages (id, order_id, sender_email, sender_name, text, created_at) VALUES
        ('m-before', 'before', 'ann@test.dev', 'Old Ann', 'hi', '2026-02-02T00:00:00Z'),
        ('m-after', 'after', 'ann@test.dev', 'Ann', 'hi', '2026-04-02T00:00:00Z'),
        ('m-bob', 'after', 'bob@test.dev', 'Bob', 'yes', '2026-04-03T00:00:00Z');
      INSERT INTO notifications (id, user_email, order_id, kind, text, created_at) VALUES
        ('n-before', 'ann@test.dev', 'before', 'message', 'Bob wrote', '2026-02-03T00:00:00Z'),
        ('n-after', 'ann@test.dev', 'after', 'message', 'Bob wrote', '2026-04-03T00:00:00Z'),
        ('n-bob', 'bob@test.dev', 'after', 'booking', 'Ann booked', '2026-04-01T00:00:00Z');
    `);
    for (const statement of statements((file) => file.startsWith(STEP))) await db.run(statement);
  });
  afterAll(() => db?.close());

  it('links a booking to its buyer and seller only where it is newer than their account', async () => {
    const rows = await db.rows<{ id: string; buyer_id: string | null; seller_id: string | null }>(
      'SELECT id, buyer_id, seller_id FROM orders ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 'after', buyer_id: 'ann', seller_id: 'bob' },
      { id: 'before', buyer_id: null, seller_id: 'bob' },
      { id: 'early', buyer_id: null, seller_id: null },
      { id: 'nobody', buyer_id: null, seller_id: null },
    ]);
  });

  it('links messages and notifications the same way', async () => {
    const messages = await db.rows<{ id: string; sender_id: string | null }>(
      'SELECT id, sender_id FROM messages ORDER BY id',
    );
    expect(messages).toEqual([
      { id: 'm-after', sender_id: 'ann' },
      { id: 'm-before', sender_id: null },
      { id: 'm-bob', sender_id: 'bob' },
    ]);
    const notifications = await db.rows<{ id: string; user_id: string | null }>(
      'SELECT id, user_id FROM notifications ORDER BY id',
    );
    expect(notifications).toEqual([
      { id: 'n-after', user_id: 'ann' },
      { id: 'n-before', user_id: null },
      { id: 'n-bob', user_id: 'bob' },
    ]);
  });

  it('leaves the sign-in account of existing users empty (filled at their next sign-in)', async () => {
    const users = await db.rows<{ id: string; auth_uid: string | null }>(
      'SELECT id, auth_uid FROM users ORDER BY id',
    );
    expect(users).toEqual([
      { id: 'ann', auth_uid: null },
      { id: 'bob', auth_uid: null },
    ]);
  });
});
