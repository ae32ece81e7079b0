import type { Order, OrderStatus } from '../../lib/api/deals';

/** Which side of a booking the viewer is on. */
export type Party = 'buyer' | 'seller';
export type Move = Exclude<OrderStatus, 'requested'>;

/**
 * The moves a booking's state allows, and who makes each: the server's table
 * (server/src/bookings/order-states.ts), here for choosing the buttons; the server decides.
 */
export const MOVES: Record<Move, { from: OrderStatus[]; by: Party; label: string; done: string }> =
  {
    accepted: { from: ['requested'], by: 'seller', label: 'Accept', done: 'Booking accepted' },
    declined: {
      from: ['requested', 'accepted'],
      by: 'seller',
      label: 'Decline',
      done: 'Booking declined',
    },
    sold: { from: ['accepted'], by: 'seller', label: 'Mark as sold', done: 'Marked as sold' },
    cancelled: {
      from: ['requested', 'accepted'],
      by: 'buyer',
      label: 'Cancel booking',
      done: 'Booking cancelled',
    },
  };

/** The moves `party` may make on `order` now. */
export function movesFor(order: Pick<Order, 'status'>, party: Party): Move[] {
  return (Object.keys(MOVES) as Move[]).filter(
    (move) => MOVES[move].by === party && MOVES[move].from.includes(order.status),
  );
}
