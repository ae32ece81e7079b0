/**
 * Alerts as the matcher writes them, for the mail tests: saved searches, saved cars,
 * price drops, and alert notifications inserted directly (the insert trigger enqueues an 'alert'
 * mail for mail = 'now').
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/platform/db/client';
import { newId } from '../src/platform/db/ids';
import type { TestContext, TestUser } from './helper';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Marks the users' e-mails confirmed, as their confirmation links would: alerts, digests and
 * notices are mailed only to a confirmed address.
 */
export async function confirmEmails(ctx: TestContext, ...users: TestUser[]): Promise<void> {
  for (const user of users) await ctx.app.repos.accountCodes.confirm(user._id);
}

/** A saved search of `user` named `name` (its query `q=<a word>`), notify as given. */
export async function savedSearch(
  ctx: TestContext,
  user: TestUser,
  name: string,
  notify: 'instant' | 'daily' | 'never' = 'instant',
): Promise<{ id: string; query: string }> {
  const q = `alert${newId().slice(0, 10)}`;
  const saved = await ctx.app.repos.savedSearches.insert({
    userId: user._id,
    name,
    query: `q=${q}`,
    filters: { q },
  });
  if (!('saved' in saved)) throw new Error('the saved search was refused');
  await ctx.database.db.execute(
    sql`update saved_searches set notify = ${notify} where id = ${saved.saved._id}`,
  );
  return { id: saved.saved._id, query: `q=${q}` };
}

/** `user` saves the car (the heart). */
export async function saveCar(ctx: TestContext, user: TestUser, productId: string): Promise<void> {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/saved-cars/${productId}`,
    headers: user.auth,
  });
  if (response.statusCode !== 200) throw new Error(`PUT /api/saved-cars: ${response.body}`);
}

/** The car's price becomes `price`: answers the price_history row of the change. */
export async function changePrice(db: Db, productId: string, price: number): Promise<number> {
  await db.execute(sql`update products set resale_price = ${price} where id = ${productId}`);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id::int as id from price_history where product_id = ${productId}
      order by id desc limit 1`),
  );
  return row!.id;
}

export interface NewAlert {
  kind: 'match' | 'price_drop' | 'saved_sold';
  user: TestUser;
  productId: string;
  /** A match's saved search. */
  searchId?: string;
  /** A drop's price_history row. */
  priceRowId?: number;
  mail: 'now' | 'digest' | 'none';
  /** When it was written (default now). */
  createdAt?: Date;
  /** Its id (default a new one). */
  id?: string;
}

/** Writes an alert notification as the matcher does; answers its id. */
export async function insertAlert(db: Db, alert: NewAlert): Promise<string> {
  const id = alert.id ?? newId();
  const { user, productId } = alert;
  const key =
    alert.kind === 'match'
      ? `match:${alert.searchId}:${productId}`
      : alert.kind === 'price_drop'
        ? `drop:${user._id}:${productId}:${alert.priceRowId}`
        : `sold:${user._id}:${productId}`;
  await db.execute(sql`
    insert into notifications (id, user_email, kind, text, user_id, product_id, saved_search_id,
      alert_key, mail, created_at)
    values (${id}, ${user.email}, ${alert.kind}, ${`An alert (${alert.kind})`}, ${user._id},
      ${productId}, ${alert.searchId ?? null}, ${key}, ${alert.mail},
      ${(alert.createdAt ?? new Date()).toISOString()})`);
  return id;
}

/** The outbox rows of kind 'alert' or 'digest' (what the tests count). */
export async function alertOutbox(db: Db) {
  return rowsOf<{
    id: string;
    kind: string;
    ref: string | null;
    message_ids: string[];
    sent_at: string | null;
    due_in: number;
  }>(
    await db.execute(sql`
      select id, kind, ref, message_ids, sent_at,
        extract(epoch from next_attempt_at - now())::float as due_in
      from outbox where kind in ('alert', 'digest') order by created_at, id`),
  );
}
