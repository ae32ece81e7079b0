/**
 * What a replica's open streams need to know of their accounts after its LISTEN connection was
 * lost (a deletion, a suspension or a sign-out everywhere meanwhile was not heard): each account's
 * record as it is now.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { AccountStates } from './event-hub';

/** Accounts asked about in one query (each is a parameter). */
const ACCOUNTS_PER_QUERY = 1000;

/** The records of `userIds` now: suspended or not, and since when tokens are accepted. */
export function accountStates(db: Db): AccountStates {
  return async (userIds) => {
    const states: Awaited<ReturnType<AccountStates>> = new Map();
    for (let i = 0; i < userIds.length; i += ACCOUNTS_PER_QUERY) {
      const rows = await db
        .select({
          userId: users._id,
          suspendedAt: users.suspendedAt,
          tokensValidAfter: users.tokensValidAfter,
        })
        .from(users)
        .where(inArray(users._id, userIds.slice(i, i + ACCOUNTS_PER_QUERY)));
      for (const row of rows) {
        states.set(row.userId, {
          suspended: row.suspendedAt !== null,
          tokensValidAfter: row.tokensValidAfter?.getTime() ?? null,
        });
      }
    }
    return states;
  };
}
