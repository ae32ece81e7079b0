import { bigint, bigserial, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/** How a person's saved cars' price drops and sales are mailed. */
export const SAVED_CAR_MAIL = ['instant', 'daily', 'never'] as const;

/**
 * A person's alert e-mail settings; no row: the defaults. The digest's unsubscribe
 * turns `digest` off. `digest_day` is the last UTC day a digest was enqueued for them: the
 * replica that moves it to today is the one that enqueues it.
 */
export const alertSettings = pgTable('alert_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users._id, { onDelete: 'cascade' }),
  digest: boolean('digest').notNull().default(true),
  savedCars: text('saved_cars', { enum: SAVED_CAR_MAIL }).notNull().default('instant'),
  digestDay: text('digest_day'),
});

/** What the alert matcher has to look at: written by the triggers `alert_work_*`. */
export const ALERT_WORK_KINDS = ['listed', 'price', 'sold'] as const;

/**
 * The alert matcher's queue: a car listed, a car's price changed, a car sold. Triggers write it
 * in the transaction that made the change, so nothing is missed whatever wrote it; the matcher
 * deletes the rows it handled in the transaction that writes their alerts, so a matcher killed
 * mid-way leaves them for the next (and the alerts' unique keys keep a repeat from writing twice).
 */
export const alertWork = pgTable('alert_work', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  productId: text('product_id').notNull(),
  kind: text('kind', { enum: ALERT_WORK_KINDS }).notNull(),
  /** For 'price': the price_history row (the change) and the prices before and after. */
  priceRowId: bigint('price_row_id', { mode: 'number' }),
  price: bigint('price', { mode: 'number' }),
  previousPrice: bigint('previous_price', { mode: 'number' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
