/**
 * The phone number an account gives in its settings reaches one person only: the other party
 * of a booking while it is accepted (the two are to meet). Every other answer leaves it out.
 */
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { users } from '../platform/db/schema';

type Booking = { status: string; buyerId: string | null; sellerId: string | null };

/** The other party of an accepted booking to the caller; null: no phone for them. */
function otherParty(order: Booking, callerId: string): string | null {
  if (order.status !== 'accepted') return null;
  if (order.buyerId === callerId) return order.sellerId;
  if (order.sellerId === callerId) return order.buyerId;
  return null;
}

export function contactPhones(db: Db) {
  return {
    /**
     * The bookings as `callerId` sees them: each accepted one with `contactPhone`, the other
     * party's phone from their settings, when they gave one.
     */
    async withContactPhones<T extends Booking>(
      orders: T[],
      callerId: string,
    ): Promise<(T & { contactPhone?: string })[]> {
      const others = [
        ...new Set(orders.map((o) => otherParty(o, callerId)).filter((id) => id !== null)),
      ];
      if (others.length === 0) return orders;
      const rows = await db
        .select({ id: users._id, phone: users.phone })
        .from(users)
        .where(and(inArray(users._id, others), isNotNull(users.phone)));
      const phones = new Map(rows.map((row) => [row.id, row.phone!]));
      return orders.map((order) => {
        const other = otherParty(order, callerId);
        const phone = other ? phones.get(other) : undefined;
        return phone ? { ...order, contactPhone: phone } : order;
      });
    },
  };
}
