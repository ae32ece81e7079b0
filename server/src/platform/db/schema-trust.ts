import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';
import { orders } from './schema-deals';

/**
 * Trust between strangers: reviews from the buyers of sold bookings,
 * reports of listings and sellers, and the moderators' audit log.
 */

/**
 * A buyer's review of the seller of one sold booking (once per booking). The names are copies
 * for display, as a booking's are; the parties' ids go null with their accounts. A hidden review
 * (a moderator's 'Hide review') is shown to nobody but the admins and leaves the seller's rating;
 * `users.review_count` and `review_sum` count the visible ones (the trigger `reviews_keep_rating`).
 */
export const reviews = pgTable(
  'reviews',
  {
    _id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders._id, { onDelete: 'cascade' }),
    sellerId: text('seller_id').references(() => users._id, { onDelete: 'set null' }),
    buyerId: text('buyer_id').references(() => users._id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    productId: text('product_id').notNull(),
    productName: text('product_name').notNull(),
    /** 1 to 5 stars. */
    rating: integer('rating').notNull(),
    /** 10 to 2,000 characters. */
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The seller's one reply. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    index('reviews_seller_created_idx')
      .on(t.sellerId, t.createdAt.desc(), t._id.desc())
      .where(sql`${t.hiddenAt} is null`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_text_length', sql`char_length(${t.text}) between 10 and 2000`),
    check('reviews_reply_length', sql`char_length(${t.reply}) between 1 and 2000`),
  ],
);

/** Why a person reports a listing or a seller. */
export const REPORT_REASONS = ['scam', 'wrong_info', 'already_sold', 'offensive', 'other'] as const;
/** Why the marketplace itself puts a listing in the queue (no reporter). */
export const FLAG_REASONS = [
  'same_vin',
  'same_photo',
  'low_price',
  'new_seller',
  'listing_burst',
] as const;
export const REPORT_TARGETS = ['product', 'user'] as const;
/** How a report was closed: the moderator acted on it, or dismissed it as unfounded. */
export const REPORT_OUTCOMES = ['actioned', 'dismissed'] as const;

/**
 * A report of a listing (`product`) or an account (`user`) by a person, or an automatic flag
 * (`reporter_id` null, a FLAG_REASONS reason). One open report per reporter and target, one open
 * flag per reason and target (the unique indexes: two at once, one 409). Closed together when a
 * moderator decides the target.
 */
export const reports = pgTable(
  'reports',
  {
    _id: text('id').primaryKey(),
    targetKind: text('target_kind', { enum: REPORT_TARGETS }).notNull(),
    /** The car's or the account's id (no foreign key: the queue outlives a deleted car). */
    targetId: text('target_id').notNull(),
    reporterId: text('reporter_id').references(() => users._id, { onDelete: 'set null' }),
    reason: text('reason', { enum: [...REPORT_REASONS, ...FLAG_REASONS] }).notNull(),
    /** Up to 1,000 characters (a flag: what the marketplace found). */
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    outcome: text('outcome', { enum: REPORT_OUTCOMES }),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_reporter_idx')
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.closedAt} is null and ${t.reporterId} is not null`),
    uniqueIndex('reports_one_open_flag_idx')
      .on(t.reason, t.targetKind, t.targetId)
      .where(sql`${t.closedAt} is null and ${t.reporterId} is null`),
    // The queue: open reports grouped by target, newest first.
    index('reports_open_target_idx')
      .on(t.targetKind, t.targetId, t.createdAt)
      .where(sql`${t.closedAt} is null`),
    index('reports_target_created_idx').on(t.targetKind, t.targetId, t.createdAt.desc()),
    check('reports_details_length', sql`char_length(${t.details}) <= 1000`),
  ],
);

/** What a moderator did. */
export const MODERATION_ACTIONS = [
  'hide_listing',
  'restore_listing',
  'keep_hidden',
  'approve_listing',
  'suspend',
  'unsuspend',
  'dismiss',
  'hide_review',
] as const;
export const MODERATION_TARGETS = ['product', 'user', 'review'] as const;

/**
 * The audit log: every moderation action (who, when, what, target, reason). Append-only: the
 * trigger `moderation_actions_append_only` refuses every UPDATE and DELETE, so neither the API nor
 * a mistake in it can change one. The moderator's id and name are kept as written (no foreign key,
 * which would update the row).
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    _id: text('id').primaryKey(),
    adminId: text('admin_id').notNull(),
    adminName: text('admin_name').notNull(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetKind: text('target_kind', { enum: MODERATION_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_actions_target_idx').on(t.targetKind, t.targetId, t.createdAt.desc())],
);
