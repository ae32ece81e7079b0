/**
 * Ends open bookings when moderation takes a car or an account out, in the caller's
 * transaction: a car hidden ('Listing removed') or a suspended seller's cars ('Seller suspended')
 * decline theirs; a suspended buyer's are cancelled ('Buyer suspended'). The other party is told
 * as a seller's decline or a buyer's cancel tells them (a 'status' notification, mailed).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { notifications, orders } from '../platform/db/schema';
import { OPEN_STATUSES, moveText } from '../bookings/order-states';
import type { Tx } from '../platform/db/client';

/** Whose open bookings end: a car's, a seller's (declined) or a buyer's (cancelled). */
export type OpenBookingsOf = { productId: string } | { sellerId: string } | { buyerId: string };

const whose = (of: OpenBookingsOf) =>
  'productId' in of
    ? eq(orders.productID, of.productId)
    : 'sellerId' in of
      ? eq(orders.sellerId, of.sellerId)
      : eq(orders.buyerId, of.buyerId);

/** Ends every open booking of `of` with `reason` (a buyer's: cancelled); answers how many. */
export async function endOpenBookings(tx: Tx, of: OpenBookingsOf, reason: string) {
  const status = 'buyerId' in of ? 'cancelled' : 'declined';
  const step = { status, at: new Date().toISOString() };
  const ended = await tx
    .update(orders)
    .set({
      status,
      reason,
      history: sql`${orders.history} || ${JSON.stringify([step])}::jsonb`,
    })
    .where(and(whose(of), inArray(orders.status, [...OPEN_STATUSES])))
    .returning({
      id: orders._id,
      buyerId: orders.buyerId,
      buyerEmail: orders.buyerEmail,
      sellerId: orders.sellerId,
      sellerEmail: orders.sellerEmail,
      productName: orders.productName,
      buyerName: orders.buyerName,
    });
  for (const order of ended) {
    // A decline is the buyer's news, a cancel the seller's.
    const [userId, userEmail] =
      status === 'declined'
        ? [order.buyerId, order.buyerEmail]
        : [order.sellerId, order.sellerEmail];
    if (!userId) continue;
    await tx.insert(notifications).values({
      _id: newId(),
      userId,
      userEmail,
      orderId: order.id,
      kind: 'status',
      text: `${moveText(status, order)}: ${reason}`,
    });
  }
  return ended.length;
}
