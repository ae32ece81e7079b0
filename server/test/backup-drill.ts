/**
 * The restore drill's writes and what it reads back, shared by the PGlite and PostgreSQL drills:
 * a deal made through the API (a car posted, a booking requested, a message on it), and the ids
 * and texts the database holds of them.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { openDatabase, type Db } from '../src/platform/db/client';
import { rowsOf } from '../src/platform/db/rows';
import { placeOrder, postProduct, sendMessage, testAppOn, type TestUser } from './helper';

export interface Deal {
  car: string;
  order: string;
  message: string;
}

/** A car posted by `seller`, booked by `buyer`, and a message from the buyer about it. */
export async function makeDeal(
  app: FastifyInstance,
  seller: TestUser,
  buyer: TestUser,
  label: string,
): Promise<Deal> {
  const car = await postProduct(app, seller, { carName: `Drill car ${label}` });
  const order = await placeOrder(app, buyer, car);
  const message = `Drill message ${label}`;
  const sent = await sendMessage(app, buyer, order, message);
  if (sent.statusCode !== 201) throw new Error(`message: ${sent.statusCode} ${sent.body}`);
  return { car, order, message };
}

/** What `dealsHeld` answers when the deals labelled 'before' and 'after' are both whole. */
export const BOTH_DEALS_HELD = [
  'before: car',
  'before: booking',
  'before: message',
  'after: car',
  'after: booking',
  'after: message',
];

/** Which of `deals` the database holds: their cars, bookings and messages, each by label. */
export async function dealsHeld(db: Db, deals: Record<string, Deal>): Promise<string[]> {
  const held: string[] = [];
  for (const [label, deal] of Object.entries(deals)) {
    const [row] = await rowsOf<{ cars: number; orders: number; messages: number }>(
      db,
      sql`select
            (select count(*)::int from products where id::text = ${deal.car}) as cars,
            (select count(*)::int from orders where id::text = ${deal.order}) as orders,
            (select count(*)::int from messages where text = ${deal.message}) as messages`,
    );
    if (row?.cars) held.push(`${label}: car`);
    if (row?.orders) held.push(`${label}: booking`);
    if (row?.messages) held.push(`${label}: message`);
  }
  return held;
}

/** The primary's own clock, as PostgreSQL's text of a time. */
export async function primaryNow(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ now: string }>('select clock_timestamp()::text as now')).rows[0]!
      .now;
  } finally {
    await client.end();
  }
}

/** The app on the primary at `url`, as a replica of the cluster opens it (migrated). */
export async function appOn(url: string) {
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await database.migrate();
  return testAppOn(database);
}
