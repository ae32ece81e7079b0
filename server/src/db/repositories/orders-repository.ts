import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { orders, type OrderRow } from '../schema';
import { newId, normaliseEmail } from './ids';

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
};

/** A buyer's orders are answered newest first, at most this many. */
export const ORDERS_CAP = 500;

export type NewOrder = Omit<OrderRow, '_id' | 'createdAt'>;

export function ordersRepository(db: Db) {
  return {
    listByBuyer: (email: string) =>
      db
        .select(orderColumns)
        .from(orders)
        .where(eq(orders.buyerEmail, normaliseEmail(email)))
        .orderBy(desc(orders.createdAt), desc(orders._id))
        .limit(ORDERS_CAP),

    async insert(order: NewOrder): Promise<string> {
      const id = newId();
      await db.insert(orders).values({ ...order, _id: id });
      return id;
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
