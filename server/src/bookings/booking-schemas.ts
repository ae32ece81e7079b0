/** The contract's schema of a booking and its states. */
import { Type, type Static } from '@sinclair/typebox';
import { ORDER_STATUSES } from '../platform/db/schema';
import { PhotoCopies } from '../cars/car-schemas';

/** A booking's states (server/src/bookings/order-states.ts has the moves between them). */
export const OrderStatus = Type.Union(
  ORDER_STATUSES.map((status) => Type.Literal(status)),
  { $id: 'OrderStatus', title: 'OrderStatus', description: ORDER_STATUSES.join(', ') },
);

export const Order = Type.Object(
  {
    _id: Type.String(),
    buyerName: Type.String(),
    buyerEmail: Type.String(),
    productName: Type.String(),
    productPrice: Type.Number({ description: "the product's selling price when ordered" }),
    phone: Type.String(),
    meetLocation: Type.String(),
    productID: Type.String(),
    carImage: Type.String(),
    carImageCopies: PhotoCopies('carImage'),
    status: Type.Ref('OrderStatus'),
    history: Type.Array(
      Type.Object({ status: Type.Ref('OrderStatus'), at: Type.String({ format: 'date-time' }) }),
      { description: 'each state the booking has been in, with its time, oldest first' },
    ),
    sellerEmail: Type.String({ description: "the car's seller, copied when booked" }),
    sellerName: Type.String(),
    sellerId: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: "the seller's account (their page, /sellers/{id}); null: account gone",
      }),
    ),
    reason: Type.Optional(Type.String({ description: 'why it was declined' })),
    contactPhone: Type.Optional(
      Type.String({
        description:
          "the other party's phone number from their account settings: only while the booking " +
          'is accepted, only to its buyer and its seller, and only when they gave one',
      }),
    ),
    createdAt: Type.String({ format: 'date-time', description: 'when it was booked' }),
  },
  { $id: 'Order', title: 'Order' },
);
export type Order = Static<typeof Order>;
