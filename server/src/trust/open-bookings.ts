/**
 * Declines the open bookings of a car that leaves sale without being sold (issue 26: 'Listing
 * removed' when a moderator hides it), in the caller's transaction: each buyer is told as a
 * seller's decline tells them (a 'status' notification, mailed as a decline).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../db/repositories/ids';
import { notifications, orders } from '../db/schema';
import { OPEN_STATUSES, moveText } from '../deals/order-states';
import type { Tx } from './moderation-writes';

/** Declines every open booking of `productId` with `reason`; answers how many. */
export async function declineOpenBookings(tx: Tx, productId: string, reason: string) {
  const step = { status: 'declined', at: new Date().toISOString() };
  const declined = await tx
    .update(orders)
    .set({
      status: 'declined',
      reason,
      history: sql`${orders.history} || ${JSON.stringify([step])}::jsonb`,
    })
    .where(and(eq(orders.productID, productId), inArray(orders.status, [...OPEN_STATUSES])))
    .returning({
      id: orders._id,
      buyerId: orders.buyerId,
      buyerEmail: orders.buyerEmail,
      productName: orders.productName,
      buyerName: orders.buyerName,
    });
  for (const order of declined) {
    if (!order.buyerId) continue;
    await tx.insert(notifications).values({
      _id: newId(),
      userId: order.buyerId,
      userEmail: order.buyerEmail,
      orderId: order.id,
      kind: 'status',
      text: `${moveText('declined', order)}: ${reason}`,
    });
  }
  return declined.length;
}
