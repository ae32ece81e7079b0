/** Helpers of the alert matcher's tests: saving searches and cars, reading the alerts written. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/platform/db/client';
import type { TestUser } from './helper';

/** Saves a search (its /cars query) as this user; answers its id. */
export async function saveSearch(
  app: FastifyInstance,
  user: TestUser,
  query: string,
  name?: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    headers: user.auth,
    payload: { query, ...(name ? { name } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/saved-searches: ${response.body}`);
  return response.json()._id as string;
}

/** Saves (hearts) a car as this user. */
export async function saveCar(app: FastifyInstance, user: TestUser, car: string): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/saved-cars/${car}`,
    headers: user.auth,
  });
  if (response.statusCode !== 200) throw new Error(`PUT /api/saved-cars: ${response.body}`);
}

/** Changes a car's price as its seller (PATCH /products/{id}). */
export async function reprice(
  app: FastifyInstance,
  seller: TestUser,
  car: string,
  resalePrice: number,
): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/products/${car}`,
    headers: seller.auth,
    payload: { resalePrice },
  });
  if (response.statusCode !== 200) throw new Error(`PATCH /api/products: ${response.body}`);
}

export interface AlertRow {
  kind: string;
  text: string;
  productId: string;
  savedSearchId: string | null;
  alertKey: string;
  mail: string;
  userEmail: string;
}

/** The alerts written for this account (its bell's alerts), oldest first. */
export async function alertsFor(db: Db, user: { _id: string }): Promise<AlertRow[]> {
  const result = (await db.execute(sql`
    select kind, text, product_id as "productId", saved_search_id as "savedSearchId",
      alert_key as "alertKey", mail, user_email as "userEmail"
    from notifications where user_id = ${user._id} and alert_key is not null
    order by created_at, alert_key`)) as unknown as { rows: AlertRow[] };
  return result.rows;
}

/** How many changes wait in the matcher's queue. */
export async function queued(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from alert_work`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** A test app's matcher waits (each test runs it when it means to). */
export const MATCH_ON_DEMAND = { alertMatching: { delayMs: 3_600_000, pollMs: 3_600_000 } };
