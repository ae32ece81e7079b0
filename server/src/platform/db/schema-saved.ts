import {
  boolean,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/**
 * Saved cars: an account's hearts. They belong to the account's id (a freed e-mail
 * signed up again starts empty), and go with the account (ON DELETE CASCADE).
 *
 * The car is named by `product_id` as plain text, without a foreign key: a saved car must outlive
 * its car, so that the list can still say 'No longer listed' once the seller deletes it (or the
 * seller's account goes, with its cars). A foreign key with ON DELETE SET NULL would lose which
 * car it was; a second kept id would only repeat this one. So the list keeps its own copy of what
 * it shows (name, cover photo, and the price when saved), and reads the car (by id, if it is still
 * there) for its price now and whether it is sold.
 *
 * The price is copied as the car stores it (`products.resale_price`, double precision), so
 * "$2,000 less since you saved it" compares like with like.
 */
export const savedCars = pgTable(
  'saved_cars',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users._id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    carName: text('car_name').notNull(),
    carPhoto: text('car_photo').notNull(),
    savedPrice: doublePrecision('saved_price').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether its price drops and its sale are alerted (a price-drop mail's unsubscribe: off). */
    alerts: boolean('alerts').notNull().default(true),
  },
  (t) => [
    // One row per account and car: saving twice (two PUTs at once included) is one row.
    primaryKey({ columns: [t.userId, t.productId] }),
    // Who saved a car: what a later price-drop alert asks.
    index('saved_cars_product_idx').on(t.productId),
  ],
);
