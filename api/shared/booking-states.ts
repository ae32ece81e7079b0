/**
 * A booking's states and the moves between them, as both the server (which decides) and the web
 * app (which offers the buttons) name them:
 *
 *   requested ─ accept (seller) ─► accepted ─ mark as sold (seller) ─► sold
 *   requested | accepted ─ decline (seller) ─► declined
 *   requested | accepted ─ cancel (buyer) ─► cancelled
 */
export const ORDER_STATUSES = ['requested', 'accepted', 'declined', 'cancelled', 'sold'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Which side of a booking makes a move. */
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
