/**
 * A booking's states and the moves between them, in one place (api/shared/booking-states.ts,
 * which the web app reads too): the route checks a move with it, the repository's conditional
 * update uses its `from` states, and the tests walk its table. Here: what the server adds.
 */
import type { OrderStatus } from '../platform/db/schema';
import type { Move } from '../../../api/shared/booking-states';

export { MOVES, type Move, type MoveRule, type Party } from '../../../api/shared/booking-states';

/** A booking in these states still binds its buyer and seller. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['requested', 'accepted'];

/** A booking in these states is over before a sale: its conversation is read, not written. */
export const CLOSED_STATUSES: readonly OrderStatus[] = ['declined', 'cancelled'];

/** The reasons the marketplace itself gives when it declines a booking. */
export const SOLD_TO_ANOTHER_BUYER = 'Sold to another buyer';
export const CAR_REMOVED = 'The car was removed';

/** What the other party is told of a move (the notification's and e-mail's text). */
export function moveText(move: Move, order: { productName: string; buyerName: string }): string {
  switch (move) {
    case 'accepted':
      return `Your booking of ${order.productName} was accepted`;
    case 'declined':
      return `Your booking of ${order.productName} was declined`;
    case 'cancelled':
      return `${order.buyerName} cancelled the booking of ${order.productName}`;
    case 'sold':
      return `${order.productName} is yours: the seller marked it as sold to you`;
  }
}
