import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { deletedAccounts, users } from './schema-accounts';
import { categories, products, productCounts, vehicleCounts } from './schema-catalogue';
import { messages, notifications, orders, outbox } from './schema-deals';

export * from './schema-accounts';
export * from './schema-catalogue';
export * from './schema-saved';
export * from './schema-saved-searches';
export * from './schema-deals';
export * from './schema-alerts';
export * from './schema-trust';
export * from './schema-places';
export * from './schema-idempotency';
/**
 * The marketplace's tables. Every record answers with a string `_id`; flags are the strings
 * 'true' and 'false', as the API answers them (docs/api.md). A product's verified tick is not
 * stored here: it is the seller's `userVerify`, read through a join, so it is stored once.
 */

/** Bytes (PostgreSQL `bytea`), read and written as a Buffer by both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The image host's files (originals and their resized copies) when they are kept in the
 * database, so that every replica serves every photo (the file store serves a single node).
 * A name is content-addressed (`<sha256>.<ext>`, `<sha256>-<width>.webp`): written once, never
 * changed.
 */
export const imageFiles = pgTable('image_files', {
  name: text('name').primaryKey(),
  mime: text('mime').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit windows shared by every replica: a key (`<limit>:ip:<address>`,
 * `<limit>:user:<email>`) counts its calls until `resetAt`.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_windows_reset_idx').on(t.resetAt)],
);

/**
 * Secrets the replicas share and nobody configured (demo mode on PostgreSQL: the access-token
 * secret), created once under a lock.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each car's deal ratio, the key `sort=deal` pages by: its price over the median
 * price of the cars for sale of its category and condition whose years used are within ±2 of its
 * own (its own cars included), Infinity with fewer than 5 of them. A new car gets Infinity at once
 * (a trigger); the ratios are refreshed within seconds of a catalogue change (deal-ratios.ts), so
 * the order may be that many seconds old. A car's fair price is always live.
 */
export const productDeals = pgTable(
  'product_deals',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products._id, { onDelete: 'cascade' }),
    ratio: doublePrecision('ratio')
      .notNull()
      .default(sql`'Infinity'::double precision`),
  },
  (t) => [index('product_deals_ratio_idx').on(t.ratio, t.productId)],
);

/**
 * Every price a car has had, in whole dollars: its first price at its post time
 * (`created_at`), then one row per change of `resale_price`, written by triggers on `products` so
 * every write path is covered. `previousPrice` is the price before the change (null for the first
 * row), so a drop is a row whose price is below it, with no window over the history.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: text('product_id')
      .notNull()
      .references(() => products._id, { onDelete: 'cascade' }),
    price: bigint('price', { mode: 'number' }).notNull(),
    previousPrice: bigint('previous_price', { mode: 'number' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One car's history, newest first; and a page of cards' latest change each.
    index('price_history_product_idx').on(t.productId, t.changedAt.desc(), t.id.desc()),
    // "Dropped in the last N days" over the whole catalogue: only the drops, by time.
    index('price_history_drops_idx')
      .on(t.changedAt.desc(), t.productId)
      .where(sql`${t.price} < ${t.previousPrice}`),
  ],
);

/** When the deal ratios were last refreshed, and the newest catalogue change numbered then. */
export const dealRatiosState = pgTable('deal_ratios_state', {
  id: integer('id').primaryKey(),
  change: bigint('change', { mode: 'number' }).notNull().default(0),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The market values' fits: log(price) = intercept + age × `age` + mileage ×
 * `mileage` + condition (0 Excellent, 1 Good, 2 Fair) × `condition`, per model (`basis`
 * 'model': its own line; 'make': its make's slopes at its own level) and per make (`model` '':
 * the make's slopes, no intercept). Rewritten by each refresh
 * (server/src/valuation/market-refresh.ts).
 */
export const marketFits = pgTable(
  'market_fits',
  {
    make: text('make').notNull(),
    /** The model's key (its name trimmed, lower case); '' for the make's own row. */
    model: text('model').notNull(),
    basis: text('basis', { enum: ['model', 'make'] }).notNull(),
    /** The model's listings for sale (the make's, for its own row). */
    listings: integer('listings').notNull(),
    intercept: doublePrecision('intercept'),
    age: doublePrecision('age'),
    mileage: doublePrecision('mileage'),
    condition: doublePrecision('condition'),
    sigma: doublePrecision('sigma'),
  },
  (t) => [
    primaryKey({ columns: [t.make, t.model] }),
    check('market_fits_basis_values', sql`${t.basis} in ('model', 'make')`),
  ],
);

/**
 * Each car for sale's market value (whole dollars) and what it rests on: its model's fit, its
 * make's, or its comparables (how many). Its ratio price ÷ value is in product_deals.
 */
export const marketValues = pgTable(
  'market_values',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products._id, { onDelete: 'cascade' }),
    value: integer('value').notNull(),
    basis: text('basis', { enum: ['model', 'make', 'comparables'] }).notNull(),
    /** The fit's key in market_fits (make, model); model '' for a comparables value. */
    make: text('make').notNull(),
    model: text('model').notNull(),
    /** Comparables behind a comparables value; 0 for a fit's (its listings are in market_fits). */
    comparables: integer('comparables').notNull().default(0),
  },
  (t) => [
    check('market_values_value_positive', sql`${t.value} > 0`),
    check('market_values_basis_values', sql`${t.basis} in ('model', 'make', 'comparables')`),
  ],
);

/**
 * The replicas serving the catalogue, and the newest catalogue change each has seen (the
 * trigger function `notify_catalogue_change`: every change to products, categories or a seller's
 * verification NOTIFYs `cardealer_catalogue` with a number from the sequence `catalogue_change`). A
 * write answers once every live replica has seen a change committed after it, so no replica serves
 * an older answer.
 */
export const catalogueReplicas = pgTable('catalogue_replicas', {
  id: text('id').primaryKey(),
  seenChange: bigint('seen_change', { mode: 'number' }).notNull().default(0),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sitemap files' ranges the index published, and when last: a file's
 * address answers for a day after an index last listed it (http/sitemap-published.ts). An open
 * end is ''.
 */
export const sitemapRanges = pgTable(
  'sitemap_ranges',
  {
    kind: text('kind').notNull(),
    rangeFrom: text('range_from').notNull(),
    rangeTo: text('range_to').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sitemap_ranges_pkey', columns: [t.kind, t.rangeFrom, t.rangeTo] })],
);

export const schema = {
  users,
  deletedAccounts,
  categories,
  products,
  productCounts,
  vehicleCounts,
  orders,
  messages,
  notifications,
  outbox,
  imageFiles,
  rateLimitWindows,
  appSecrets,
  catalogueReplicas,
  sitemapRanges,
  productDeals,
  dealRatiosState,
  priceHistory,
  marketFits,
  marketValues,
};
export type UserRow = typeof users.$inferSelect;
/** Who a user is to the marketplace. */
export type Role = UserRow['userRole'];
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
