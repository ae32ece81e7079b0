/**
 * Suspending an account and lifting it (issue 26), each in one transaction. Suspending hides the
 * account's cars for sale (`hidden = 'suspension'`), declines the open bookings on its cars
 * ('Seller suspended') and cancels its own open bookings as a buyer ('Buyer suspended'), each
 * other party told as a decline or a cancellation tells them; it writes the audit line, closes
 * the account's reports, tells the account why (a mailed notice) and ends its event streams.
 * Lifting it brings back only the cars the suspension hid; the bookings stay as they are.
 * The access checks (auth/access.ts) refuse every token of a suspended account.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { newId } from '../db/repositories/ids';
import { OPEN_STATUSES, moveText } from '../deals/order-states';
import { closeReports, logAction, notify, type Moderator, type Tx } from './moderation-writes';

export const SELLER_SUSPENDED = 'Seller suspended';
export const BUYER_SUSPENDED = 'Buyer suspended';
export const ADMIN_NOT_SUSPENDED = 'Admins cannot be suspended';
export const ALREADY_SUSPENDED = 'This account is already suspended';
export const NOT_SUSPENDED = 'This account is not suspended';

export type SuspensionOutcome =
  | { refused: 'missing' | 'admin' | 'state' }
  | { hiddenCars: number; declined: number; cancelled: number; restoredCars: number };

interface Target {
  id: string;
  name: string;
  email: string;
  role: string;
  suspended: boolean;
}

async function rowsOf<T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The account, locked: of two admins at once, the second waits and finds it decided. */
async function lockTarget(tx: Tx, id: string): Promise<Target | null> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    email: string;
    role: string;
    suspended: boolean;
  }>(
    tx,
    sql`
    select id, name, email, user_role as role, suspended_at is not null as suspended
    from users where id = ${id} for update`,
  );
  return rows[0] ?? null;
}

const historyStep = (status: string) =>
  sql`history || jsonb_build_array(jsonb_build_object('status', ${status}::text, 'at',
    to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))`;

const open = sql.join(
  OPEN_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

/** Declines the open bookings on the account's cars; each buyer is told. */
async function declineAsSeller(tx: Tx, userId: string) {
  const declined = await rowsOf<{
    id: string;
    buyer_id: string | null;
    buyer_email: string;
    buyer_name: string;
    product_name: string;
  }>(
    tx,
    sql`
    update orders set status = 'declined', reason = ${SELLER_SUSPENDED},
      history = ${historyStep('declined')}
    where seller_id = ${userId} and status in (${open})
    returning id, buyer_id, buyer_email, buyer_name, product_name`,
  );
  for (const order of declined) {
    if (!order.buyer_id) continue;
    const text = `${moveText('declined', { productName: order.product_name, buyerName: order.buyer_name })}: ${SELLER_SUSPENDED}`;
    await tx.execute(sql`
      insert into notifications (id, user_id, user_email, order_id, kind, text)
      values (${newId()}, ${order.buyer_id}, ${order.buyer_email}, ${order.id}, 'status', ${text})`);
  }
  return declined.length;
}

/** Cancels the account's own open bookings as a buyer; each seller is told. */
async function cancelAsBuyer(tx: Tx, userId: string) {
  const cancelled = await rowsOf<{
    id: string;
    seller_id: string | null;
    seller_email: string;
    buyer_name: string;
    product_name: string;
  }>(
    tx,
    sql`
    update orders set status = 'cancelled', reason = ${BUYER_SUSPENDED},
      history = ${historyStep('cancelled')}
    where buyer_id = ${userId} and status in (${open})
    returning id, seller_id, seller_email, buyer_name, product_name`,
  );
  for (const order of cancelled) {
    if (!order.seller_id) continue;
    const text = `${moveText('cancelled', { productName: order.product_name, buyerName: order.buyer_name })}: ${BUYER_SUSPENDED}`;
    await tx.execute(sql`
      insert into notifications (id, user_id, user_email, order_id, kind, text)
      values (${newId()}, ${order.seller_id}, ${order.seller_email}, ${order.id}, 'status', ${text})`);
  }
  return cancelled.length;
}

/** Suspends the account `id` for `reason`, by `moderator`. */
export function suspend(
  db: Db,
  moderator: Moderator,
  id: string,
  reason: string,
): Promise<SuspensionOutcome> {
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    if (!target) return { refused: 'missing' as const };
    if (target.role === 'Admin') return { refused: 'admin' as const };
    if (target.suspended) return { refused: 'state' as const };
    await tx.execute(sql`
      update users set suspended_at = now(), suspend_reason = ${reason} where id = ${id}`);
    const hidden = await rowsOf<{ id: string }>(
      tx,
      sql`
      update products set hidden = 'suspension', hidden_reason = ${reason}, hidden_at = now()
      where email = ${target.email} and hidden is null and sold_at is null
      returning id`,
    );
    const declined = await declineAsSeller(tx, id);
    const cancelled = await cancelAsBuyer(tx, id);
    await logAction(tx, moderator, { action: 'suspend', targetKind: 'user', targetId: id, reason });
    await closeReports(tx, { kind: 'user', id, name: target.name }, 'actioned');
    await notify(tx, id, 'moderation', `Your account was suspended: ${reason}`);
    // Every replica ends the account's live event streams (as for a deleted account).
    await tx.execute(sql`
      select pg_notify('cardealer_events', json_build_object(
        'type', 'account-suspended', 'userId', id, 'uid', auth_uid)::text)
      from users where id = ${id}`);
    return { hiddenCars: hidden.length, declined, cancelled, restoredCars: 0 };
  });
}

/** Lifts the suspension of the account `id`: the cars it hid come back. */
export function unsuspend(
  db: Db,
  moderator: Moderator,
  id: string,
  reason: string,
): Promise<SuspensionOutcome> {
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    if (!target) return { refused: 'missing' as const };
    if (target.role === 'Admin') return { refused: 'admin' as const };
    if (!target.suspended) return { refused: 'state' as const };
    await tx.execute(sql`
      update users set suspended_at = null, suspend_reason = null where id = ${id}`);
    const restored = await rowsOf<{ id: string }>(
      tx,
      sql`
      update products set hidden = null, hidden_reason = null, hidden_at = null
      where email = ${target.email} and hidden = 'suspension'
      returning id`,
    );
    await logAction(tx, moderator, {
      action: 'unsuspend',
      targetKind: 'user',
      targetId: id,
      reason,
    });
    await notify(tx, id, 'moderation', `Your account was restored: ${reason}`);
    return { hiddenCars: 0, declined: 0, cancelled: 0, restoredCars: restored.length };
  });
}
