/**
 * What a replica's streams missed while its LISTEN connection was lost (a failover, a restart of
 * the database, a network cut): the notifications written meanwhile for the accounts whose
 * streams are open, read back from the table they are recorded in.
 */
import { and, asc, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountBatches } from './account-batches';
import { notifications } from '../db/schema';
import type { DealEvent, MissedEvents } from './event-hub';

/** Notices replayed at most per query (past them, the page's next load shows the rest). */
const MOST_PER_QUERY = 5000;

/** The notices a replica's streams missed, from the `notifications` table of `db`. */
export function missedNotifications(db: Db): MissedEvents {
  return async (userIds, seconds) => {
    const events: DealEvent[] = [];
    for (const batch of accountBatches(userIds)) {
      const rows = await db
        .select({
          to: notifications.userId,
          orderId: notifications.orderId,
          kind: notifications.kind,
          productId: notifications.productId,
          savedSearchId: notifications.savedSearchId,
        })
        .from(notifications)
        .where(
          and(
            inArray(notifications.userId, batch),
            gte(notifications.createdAt, sql`now() - make_interval(secs => ${seconds})`),
          ),
        )
        .orderBy(asc(notifications.createdAt))
        .limit(MOST_PER_QUERY);
      for (const row of rows) {
        if (row.to) events.push({ type: 'notification', ...row, to: row.to });
      }
    }
    return events;
  };
}
