/**
 * A booking's conversation, and the notices that tell a party of a booking what happened (a
 * booking, a move, a message): the bookings repository's writes tell through them too.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client';
import {
  messages,
  notifications,
  orders,
  type NotificationRow,
  type OrderRow,
} from '../platform/db/schema';
import { CLOSED_STATUSES } from './order-states';
import { newId } from '../platform/db/ids';
import {
  claimKey,
  giveUp,
  keepAnswer,
  type Earlier,
  type OnceWrite,
} from '../platform/db/idempotency';

/**
 * Tells `to` of what happened; the database enqueues the e-mail and sends the live event
 * (triggers on notifications). A message's notification names the message, which its e-mail
 * quotes. A party whose account is gone (no id) is told nothing.
 */
export async function tell(
  tx: Tx | Db,
  to: { id: string | null; email: string },
  orderId: string,
  kind: NotificationRow['kind'],
  text: string,
  messageId?: string,
) {
  if (!to.id) return;
  await tx.insert(notifications).values({
    _id: newId(),
    userId: to.id,
    userEmail: to.email,
    orderId,
    kind,
    text,
    messageId: messageId ?? null,
  });
}

/** A message as its sender is answered. */
export interface SentMessage {
  _id: string;
  orderId: string;
  senderEmail: string;
  senderName: string;
  text: string;
  createdAt: string;
}

/** A booking's conversation: read, and written by its two parties. */
export function orderMessages(db: Db) {
  return {
    /** A booking's conversation, oldest first. */
    listMessages: (orderId: string) =>
      db
        .select({
          _id: messages._id,
          orderId: messages.orderId,
          senderEmail: messages.senderEmail,
          senderName: messages.senderName,
          text: messages.text,
          createdAt: sql<string>`to_char(${messages.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        })
        .from(messages)
        .where(eq(messages.orderId, orderId))
        .orderBy(messages.createdAt, messages._id)
        .limit(1000),

    /**
     * Adds a message to a booking's conversation and tells the other party; refused when the
     * booking is declined or cancelled (its conversation is closed). With a key (`once`), a
     * repeat answers what the key holds and writes nothing.
     */
    async addMessage(
      order: Pick<
        OrderRow,
        '_id' | 'buyerId' | 'buyerEmail' | 'sellerId' | 'sellerEmail' | 'productName'
      >,
      sender: { id: string; email: string; name: string },
      text: string,
      once?: OnceWrite<SentMessage>,
    ): Promise<SentMessage | { refused: 'closed' } | { earlier: Earlier }> {
      return db.transaction(async (tx) => {
        const earlier = once ? await claimKey(tx, once.key) : null;
        if (earlier) return { earlier };
        // Under a share lock: a booking declined or cancelled meanwhile takes no message.
        const [current] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders._id, order._id))
          .for('share');
        if (!current || CLOSED_STATUSES.includes(current.status)) {
          if (once) await giveUp(tx, once.key);
          return { refused: 'closed' as const };
        }
        const [message] = await tx
          .insert(messages)
          .values({
            _id: newId(),
            orderId: order._id,
            senderId: sender.id,
            senderEmail: sender.email,
            senderName: sender.name,
            text,
          })
          .returning({
            _id: messages._id,
            orderId: messages.orderId,
            senderEmail: messages.senderEmail,
            senderName: messages.senderName,
            text: messages.text,
            createdAt: messages.createdAt,
          });
        const other =
          sender.id === order.buyerId
            ? { id: order.sellerId, email: order.sellerEmail }
            : { id: order.buyerId, email: order.buyerEmail };
        await tell(
          tx,
          other,
          order._id,
          'message',
          `${sender.name} wrote about ${order.productName}`,
          message!._id,
        );
        const sent: SentMessage = { ...message!, createdAt: message!.createdAt.toISOString() };
        if (once) await keepAnswer(tx, once.key, once.answer(sent));
        return sent;
      });
    },
  };
}
