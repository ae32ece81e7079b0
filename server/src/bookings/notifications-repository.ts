import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { notifications } from '../platform/db/schema';

/**
 * A user's notifications, found by their account's id (the rows are written with the bookings'
 * changes, in orders-repository, and by the alert matcher).
 */
export function notificationsRepository(db: Db) {
  return {
    /** A user's newest notifications (by the account's id) and how many are unread. */
    async of(userId: string, limit = 50) {
      const [items, [unread]] = await Promise.all([
        db
          .select({
            _id: notifications._id,
            orderId: notifications.orderId,
            kind: notifications.kind,
            productId: notifications.productId,
            savedSearchId: notifications.savedSearchId,
            text: notifications.text,
            createdAt: notifications.createdAt,
            readAt: notifications.readAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications._id))
          .limit(limit),
        db
          .select({ n: count() })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
      ]);
      return {
        items: items.map(({ createdAt, readAt, ...item }) => ({
          ...item,
          createdAt: createdAt.toISOString(),
          read: readAt !== null,
        })),
        unread: unread?.n ?? 0,
      };
    },

    /** Marks some (or all) of a user's notifications read; answers how many changed. */
    async markRead(userId: string, ids?: string[]): Promise<number> {
      const changed = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            ids ? inArray(notifications._id, ids) : undefined,
          ),
        )
        .returning({ id: notifications._id });
      return changed.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
