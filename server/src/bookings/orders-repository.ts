import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client';
import {
  orders,
  products,
  users,
  type OrderRow,
  type OrderStatus,
  type OrderStep,
} from '../platform/db/schema';
import {
  MOVES,
  OPEN_STATUSES,
  SOLD_TO_ANOTHER_BUYER,
  moveText,
  type Move,
  type Party,
} from './order-states';
import { newId } from '../platform/db/ids';
import { orderMessages, tell } from './order-messages-repository';
import { isUniqueViolation } from '../platform/db/db-errors';
import {
  claimKey,
  earlierAnswer,
  giveUp,
  keepAnswer,
  type Earlier,
  type OnceKey,
  type OnceWrite,
} from '../platform/db/idempotency';
import { contactPhones } from './contact-phones';

const orderColumns = {
  _id: orders._id,
  buyerName: orders.buyerName,
  buyerEmail: orders.buyerEmail,
  productName: orders.productName,
  productPrice: orders.productPrice,
  phone: orders.phone,
  meetLocation: orders.meetLocation,
  productID: orders.productID,
  carImage: orders.carImage,
  status: orders.status,
  history: orders.history,
  sellerEmail: orders.sellerEmail,
  sellerName: orders.sellerName,
  reason: orders.reason,
  createdAt: orders.createdAt,
  buyerId: orders.buyerId,
  sellerId: orders.sellerId,
};

type Selected = {
  [K in keyof typeof orderColumns]: OrderRow[K extends '_id' ? '_id' : K];
};

/** A booking as answered: `reason` only when there is one, the booking time as ISO text. */
export type OrderView = Omit<Selected, 'reason' | 'createdAt'> & {
  reason?: string;
  createdAt: string;
};

function view({ reason, createdAt, ...order }: Selected): OrderView {
  return {
    ...order,
    ...(reason ? { reason } : {}),
    createdAt: new Date(createdAt).toISOString(),
  };
}

/** A buyer's orders are answered newest first, at most this many. */
export const ORDERS_CAP = 500;

export type NewOrder = Pick<
  OrderRow,
  | 'buyerName'
  | 'buyerEmail'
  | 'productName'
  | 'productPrice'
  | 'phone'
  | 'meetLocation'
  | 'productID'
  | 'carImage'
  | 'sellerEmail'
  | 'sellerName'
> & {
  /** The buyer's account (the caller). */
  buyerId: string;
};

/** Why a booking or a move was refused (the route answers 409 with it). */
export type DealRefusal =
  | { refused: 'already-booked' }
  | { refused: 'sold' }
  | { refused: 'removed' }
  | { refused: 'state'; current: OrderStatus };

export interface ListRequest {
  status?: OrderStatus;
  limit: number;
  offset: number;
}

const step = (status: OrderStatus): OrderStep => ({ status, at: new Date().toISOString() });
const appendStep = (status: OrderStatus) =>
  sql`${orders.history} || ${JSON.stringify([step(status)])}::jsonb`;

/** Declines every other open booking on the car `sold` sold, telling each buyer. */
async function declineOthers(tx: Tx, sold: OrderView) {
  const declined = await tx
    .update(orders)
    .set({
      status: 'declined',
      reason: SOLD_TO_ANOTHER_BUYER,
      history: appendStep('declined'),
    })
    .where(
      and(
        eq(orders.productID, sold.productID),
        ne(orders._id, sold._id),
        inArray(orders.status, [...OPEN_STATUSES]),
      ),
    )
    .returning({ id: orders._id, buyerId: orders.buyerId, buyerEmail: orders.buyerEmail });
  for (const other of declined) {
    await tell(
      tx,
      { id: other.buyerId, email: other.buyerEmail },
      other.id,
      'status',
      `Your booking of ${sold.productName} was declined: ${SOLD_TO_ANOTHER_BUYER}`,
    );
  }
}

/** The reads of bookings: a buyer's, one by id, a seller's and the admin's pages, a badge. */
function orderReads(db: Db) {
  async function page(where: SQL | undefined, { limit, offset }: ListRequest) {
    const [rows, [total]] = await Promise.all([
      db
        .select(orderColumns)
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders._id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    return { rows: rows.map(view), total: total?.n ?? 0 };
  }

  return {
    /** A buyer's bookings, by their account's id. */
    listByBuyer: async (buyerId: string) =>
      (
        await db
          .select(orderColumns)
          .from(orders)
          .where(eq(orders.buyerId, buyerId))
          .orderBy(desc(orders.createdAt), desc(orders._id))
          .limit(ORDERS_CAP)
      ).map(view),

    async findById(id: string): Promise<OrderView | null> {
      const [row] = await db.select(orderColumns).from(orders).where(eq(orders._id, id)).limit(1);
      return row ? view(row) : null;
    },

    /** Bookings on a seller's cars (by the account's id), newest first, one page and the total. */
    sellerPage: (sellerId: string, request: ListRequest) =>
      page(
        and(
          eq(orders.sellerId, sellerId),
          request.status ? eq(orders.status, request.status) : undefined,
        ),
        request,
      ),

    /** Every booking (the admin's grid), newest first. */
    allPage: (request: ListRequest) =>
      page(request.status ? eq(orders.status, request.status) : undefined, request),

    /** Requested bookings on a seller's cars (the side menu's badge). */
    async countRequested(sellerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.sellerId, sellerId), eq(orders.status, 'requested')));
      return row?.n ?? 0;
    },
  };
}

/** The writes of bookings: booking a car, and moving a booking on to its next state. */
function orderWrites(db: Db) {
  return {
    /**
     * Books a car: refused when the car is sold or the buyer already holds an open booking of
     * it (a unique index settles two at the same moment). The seller is told. With a key
     * (`once`), a repeat answers what the key holds and writes nothing; a booking made keeps
     * its answer with the key, a refusal nothing.
     */
    async insert(
      order: NewOrder,
      once?: OnceWrite<{ id: string }>,
    ): Promise<{ id: string } | DealRefusal | { earlier: Earlier }> {
      try {
        return await db.transaction(async (tx) => {
          const earlier = once ? await claimKey(tx, once.key) : null;
          if (earlier) return { earlier };
          const refuse = async (refusal: DealRefusal) => {
            if (once) await giveUp(tx, once.key);
            return refusal;
          };
          const [car] = await tx
            .select({ soldAt: products.soldAt, hidden: products.hidden, sellerId: users._id })
            .from(products)
            .leftJoin(users, eq(users.email, products.email))
            .where(eq(products._id, order.productID))
            .for('share', { of: products });
          if (!car || car.soldAt) return refuse({ refused: 'sold' });
          // A hidden car is out of sale as a sold one is.
          if (car.hidden) return refuse({ refused: 'removed' });
          const id = newId();
          await tx.insert(orders).values({
            ...order,
            _id: id,
            sellerId: car.sellerId,
            status: 'requested',
            history: [step('requested')],
          });
          await tell(
            tx,
            { id: car.sellerId, email: order.sellerEmail },
            id,
            'booking',
            `${order.buyerName} booked ${order.productName}`,
          );
          if (once) await keepAnswer(tx, once.key, once.answer({ id }));
          return { id };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { refused: 'already-booked' };
        throw error;
      }
    },

    /**
     * Moves a booking to `to` if its state still allows it (a conditional update: of two moves at
     * once, one wins). Marking sold locks the car first, marks it sold, and declines every other
     * open booking on it. The other party is told of each change.
     */
    async move(
      id: string,
      to: Move,
      by: Party,
      reason?: string,
    ): Promise<{ order: OrderView } | DealRefusal> {
      const rule = MOVES[to];
      const result = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ productID: orders.productID, status: orders.status })
          .from(orders)
          .where(eq(orders._id, id));
        if (!current) return { refused: 'state' as const, current: 'cancelled' as const };
        if (to === 'sold') {
          // The car first: two 'Mark as sold' on one car queue here, and the second finds it sold.
          const [car] = await tx
            .update(products)
            .set({ soldAt: new Date(), advertisement: 'false' })
            .where(
              and(
                eq(products._id, current.productID),
                isNull(products.soldAt),
                isNull(products.hidden),
              ),
            )
            .returning({ id: products._id });
          // Sold meanwhile: nothing was written yet.
          if (!car) return { refused: 'sold' as const };
        }
        const [moved] = await tx
          .update(orders)
          .set({
            status: to,
            reason: to === 'declined' ? (reason ?? null) : null,
            history: appendStep(to),
          })
          .where(and(eq(orders._id, id), inArray(orders.status, [...rule.from])))
          .returning(orderColumns);
        if (!moved) {
          const [now] = await tx
            .select({ status: orders.status })
            .from(orders)
            .where(eq(orders._id, id));
          return { refused: 'state' as const, current: now?.status ?? current.status };
        }
        const order = view(moved);
        const other =
          by === 'seller'
            ? { id: order.buyerId, email: order.buyerEmail }
            : { id: order.sellerId, email: order.sellerEmail };
        const text = moveText(to, order) + (to === 'declined' && reason ? `: ${reason}` : '');
        await tell(tx, other, id, 'status', text);
        if (to === 'sold') await declineOthers(tx, order);
        return { order };
      });

      return result;
    },
  };
}

export function ordersRepository(db: Db) {
  return {
    ...orderReads(db),
    ...orderWrites(db),
    ...orderMessages(db),
    ...contactPhones(db),
    /** What a write's key already holds (a repeat is answered before any check). */
    earlierAnswer: (key: OnceKey) => earlierAnswer(db, key),
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
