/**
 * What a replica's open streams need to know of their accounts after its LISTEN connection was
 * lost (a deletion, a suspension or a sign-out everywhere meanwhile was not heard): each account's
 * record as it is now.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountBatches } from './account-batches';
import { users } from '../db/schema';
import type { AccountStates } from './event-hub';

/** The records of `userIds` now: suspended or not, and since when tokens are accepted. */
export function accountStates(db: Db): AccountStates {
  return async (userIds) => {
    const states: Awaited<ReturnType<AccountStates>> = new Map();
    for (const batch of accountBatches(userIds)) {
      const rows = await db
        .select({
          userId: users._id,
          suspendedAt: users.suspendedAt,
          tokensValidAfter: users.tokensValidAfter,
        })
        .from(users)
        .where(inArray(users._id, batch));
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
