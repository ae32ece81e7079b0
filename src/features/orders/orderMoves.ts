import type { Order } from '../../lib/api/deals';
import {
  MOVES as RULES,
  type Move,
  type MoveRule,
  type Party,
} from '../../../api/shared/booking-states';

export type { Party, Move } from '../../../api/shared/booking-states';

/** The buttons of the moves (api/shared/booking-states.ts has who makes each, from which states). */
const BUTTONS: Record<Move, { label: string; done: string }> = {
  accepted: { label: 'Accept', done: 'Booking accepted' },
  declined: { label: 'Decline', done: 'Booking declined' },
  sold: { label: 'Mark as sold', done: 'Marked as sold' },
  cancelled: { label: 'Cancel booking', done: 'Booking cancelled' },
};

/** Each move: the states it is made from, who makes it, its button and what it says when done. */
export const MOVES: Record<Move, MoveRule & { label: string; done: string }> = {
  accepted: { ...RULES.accepted, ...BUTTONS.accepted },
  declined: { ...RULES.declined, ...BUTTONS.declined },
  sold: { ...RULES.sold, ...BUTTONS.sold },
  cancelled: { ...RULES.cancelled, ...BUTTONS.cancelled },
};

/** The moves `party` may make on `order` now. */
export function movesFor(order: Pick<Order, 'status'>, party: Party): Move[] {
  return (Object.keys(MOVES) as Move[]).filter(
    (move) => MOVES[move].by === party && MOVES[move].from.includes(order.status),
  );
}
