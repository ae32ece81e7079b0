/**
 * Writes that are safe to send again: a request with an `Idempotency-Key` claims the key in the
 * transaction of its write and keeps its answer there (`idempotency_keys`), so the answer exists
 * exactly when the write does. A repeat (a retry after a lost answer or a 503) finds the answer
 * and writes nothing. Two requests with one key at the same moment: the second's claim waits on
 * the primary key for the first's transaction, then finds its answer (or, if it rolled back,
 * claims the key itself). Keys are an account's own: another account's never matches.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { idempotencyKeys } from './schema-idempotency';

/** How long a key's answer is kept (and a key may not be used again for another request). */
export const IDEMPOTENCY_KEY_HOURS = 24;

/** A write's key: whose, which route, the key, and a hash of what the request asked. */
export interface OnceKey {
  userId: string;
  /** `POST /api/orders/:id/messages`: the route as registered. */
  route: string;
  key: string;
  fingerprint: string;
}

/** A write's key and the answer it keeps when the write is made (its status and body). */
export interface OnceWrite<T> {
  key: OnceKey;
  answer(result: T): { status: number; body: unknown };
}

/**
 * What a key already holds: the answer to give again, a different request made with it, or (a
 * write that kept no answer: should not happen) a request still under way.
 */
export type Earlier =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'other-request' }
  | { kind: 'under-way' };

const fresh = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;
const stale = sql`${idempotencyKeys.createdAt} < ${fresh}`;
const sameKey = (once: OnceKey) =>
  and(
    eq(idempotencyKeys.userId, once.userId),
    eq(idempotencyKeys.route, once.route),
    eq(idempotencyKeys.key, once.key),
  );

/** What the key holds within the last 24 hours; null: nothing (the request is new). */
export async function earlierAnswer(db: Db | Tx, once: OnceKey): Promise<Earlier | null> {
  const [row] = await db
    .select({
      fingerprint: idempotencyKeys.fingerprint,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
    })
    .from(idempotencyKeys)
    .where(and(sameKey(once), gte(idempotencyKeys.createdAt, fresh)));
  if (!row) return null;
  if (row.fingerprint !== once.fingerprint) return { kind: 'other-request' };
  if (row.status === null) return { kind: 'under-way' };
  return { kind: 'answer', status: row.status, body: row.body };
}

/**
 * Claims the key for this transaction's write (first thing in it); null: claimed, go on and
 * `keepAnswer` (or `giveUp`) before the commit. Otherwise what the key holds. A key older than
 * 24 hours is taken over; some of the old keys of any account are swept meanwhile.
 */
export async function claimKey(tx: Tx, once: OnceKey): Promise<Earlier | null> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({
      userId: once.userId,
      route: once.route,
      key: once.key,
      fingerprint: once.fingerprint,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.route, idempotencyKeys.key],
      set: { fingerprint: once.fingerprint, status: null, body: null, createdAt: sql`now()` },
      setWhere: stale,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) {
    // Old keys go a hundred at a time, those another transaction holds left for later.
    await tx.execute(sql`
      delete from idempotency_keys where (user_id, route, key) in (
        select user_id, route, key from idempotency_keys
        where created_at < ${fresh} limit 100 for update skip locked)`);
    return null;
  }
  return (await earlierAnswer(tx, once)) ?? { kind: 'under-way' };
}

/** Keeps the write's answer with its key, in the write's transaction. */
export async function keepAnswer(
  tx: Tx,
  once: OnceKey,
  answer: { status: number; body: unknown },
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ status: answer.status, body: answer.body })
    .where(sameKey(once));
}

/** The write was refused (nothing written): the key keeps nothing, and a repeat runs again. */
export async function giveUp(tx: Tx, once: OnceKey): Promise<void> {
  await tx.delete(idempotencyKeys).where(sameKey(once));
}
