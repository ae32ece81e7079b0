/**
 * A booking's states and the moves between them, in one place: the route checks a move with it,
 * the repository's conditional update uses its `from` states, the tests walk its table, and the
 * web app picks its buttons from the same names (the contract's enums).
 *
 *   requested ─ accept (seller) ─► accepted ─ mark as sold (seller) ─► sold
 *   requested | accepted ─ decline (seller) ─► declined
 *   requested | accepted ─ cancel (buyer) ─► cancelled
 */
import type { OrderStatus } from '../platform/db/schema';

export type Party = 'buyer' | 'seller';
export type Move = Exclude<OrderStatus, 'requested'>;

export interface MoveRule {
  from: readonly OrderStatus[];
  by: Party;
}

export const MOVES: Record<Move, MoveRule> = {
  accepted: { from: ['requested'], by: 'seller' },
  declined: { from: ['requested', 'accepted'], by: 'seller' },
  cancelled: { from: ['requested', 'accepted'], by: 'buyer' },
  sold: { from: ['accepted'], by: 'seller' },
};

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
