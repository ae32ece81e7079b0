/**
 * Suspending an account and lifting it, each in one transaction. Suspending hides the
 * account's cars for sale (`hidden = 'suspension'`), declines the open bookings on its cars
 * ('Seller suspended') and cancels its own open bookings as a buyer ('Buyer suspended'), each
 * other party told as a decline or a cancellation tells them; it writes the audit line, closes
 * the account's reports, tells the account why (a mailed notice) and ends its event streams.
 * Lifting it brings back only the cars the suspension hid; the bookings stay as they are.
 * The access checks (auth/access.ts) refuse every token of a suspended account.
 */
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client';
import { closeReports, logAction, notify, type Moderator } from './moderation-writes';
import { endOpenBookings } from './open-bookings';

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

/**
 * Runs `change` on the account `id` in one transaction, the account locked. Refused first: no
 * such account, an admin, or an account in the state `refused` (already suspended, or not).
 */
function onLockedTarget(
  db: Db,
  id: string,
  refused: 'suspended' | 'not suspended',
  change: (tx: Tx, target: Target) => Promise<SuspensionOutcome>,
): Promise<SuspensionOutcome> {
  return db.transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    if (!target) return { refused: 'missing' as const };
    if (target.role === 'Admin') return { refused: 'admin' as const };
    if (Boolean(target.suspended) === (refused === 'suspended'))
      return { refused: 'state' as const };
    return change(tx, target);
  });
}

/** Suspends the account `id` for `reason`, by `moderator`. */
export function suspend(
  db: Db,
  moderator: Moderator,
  id: string,
  reason: string,
): Promise<SuspensionOutcome> {
  return onLockedTarget(db, id, 'suspended', async (tx, target) => {
    await tx.execute(sql`
      update users set suspended_at = now(), suspend_reason = ${reason} where id = ${id}`);
    const hidden = await rowsOf<{ id: string }>(
      tx,
      sql`
      update products set hidden = 'suspension', hidden_reason = ${reason}, hidden_at = now()
      where email = ${target.email} and hidden is null and sold_at is null
      returning id`,
    );
    const declined = await endOpenBookings(tx, { sellerId: id }, SELLER_SUSPENDED);
    const cancelled = await endOpenBookings(tx, { buyerId: id }, BUYER_SUSPENDED);
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
  return onLockedTarget(db, id, 'not suspended', async (tx, target) => {
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
