import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';
import { savedSearches } from './schema-saved-searches';

/**
 * Deals and what reaches a person: bookings, their conversations, notifications (the bell: a
 * booking's news, or an alert) and the outbox of e-mails written with them.
 */

/** The states of a booking; the moves between them are in deals/order-states. */
import { ORDER_STATUSES, type OrderStatus } from '../../../../api/shared/booking-states';

export { ORDER_STATUSES, type OrderStatus };

/** One step of a booking's history. */
export interface OrderStep {
  status: OrderStatus;
  at: string;
}

/**
 * Bookings. A booking outlives its car and both parties' accounts (history is never deleted): the
 * car's name, price and photo and the seller's name and e-mail are copied in when it is made.
 * Its parties are found by id (`buyerId`, `sellerId`); the e-mails and names are
 * copies for display. Deleting a car declines its open bookings; deleting a buyer cancels theirs,
 * and a deleted party shows as 'Deleted user', without phone and meeting place (the triggers of
 * `products_delete_orders` and `users_delete_orders`).
 */
export const orders = pgTable(
  'orders',
  {
    _id: text('id').primaryKey(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    productName: text('product_name').notNull(),
    productPrice: doublePrecision('product_price').notNull(),
    phone: text('phone').notNull(),
    meetLocation: text('meet_location').notNull(),
    productID: text('product_id').notNull(),
    carImage: text('car_image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('requested'),
    sellerEmail: text('seller_email').notNull().default(''),
    sellerName: text('seller_name').notNull().default(''),
    /** Why the seller declined (or the system did: the car sold or removed). */
    reason: text('reason'),
    history: jsonb('history').$type<OrderStep[]>().notNull().default([]),
    /** The parties' accounts; null once deleted (or for a booking older than the account). */
    buyerId: text('buyer_id').references(() => users._id, { onDelete: 'set null' }),
    sellerId: text('seller_id').references(() => users._id, { onDelete: 'set null' }),
  },
  (t) => [
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc(), t._id.desc()),
    index('orders_product_idx').on(t.productID),
    index('orders_seller_created_idx').on(t.sellerId, t.createdAt.desc(), t._id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t._id.desc()),
    // A buyer holds at most one open booking per car; a car is sold once.
    uniqueIndex('orders_one_open_per_buyer_car')
      .on(t.buyerId, t.productID)
      .where(sql`${t.status} in ('requested', 'accepted')`),
    uniqueIndex('orders_one_sold_per_car')
      .on(t.productID)
      .where(sql`${t.status} = 'sold'`),
  ],
);

/** The conversation of a booking, between its buyer and its seller. */
export const messages = pgTable(
  'messages',
  {
    _id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders._id, { onDelete: 'cascade' }),
    senderEmail: text('sender_email').notNull(),
    senderName: text('sender_name').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The writer's account; null once it is deleted (the name then reads 'Deleted user'). */
    senderId: text('sender_id').references(() => users._id, { onDelete: 'set null' }),
  },
  // By sender too: a renamed account's messages take its new name.
  (t) => [
    index('messages_order_created_idx').on(t.orderId, t.createdAt, t._id),
    index('messages_sender_idx').on(t.senderId),
  ],
);

export const NOTIFICATION_KINDS = [
  'booking',
  'status',
  'message',
  // Alerts: a saved search's new match, a saved car's lower price, a saved car sold.
  'match',
  'price_drop',
  'saved_sold',
  // Trust: a seller's new review, the seller's reply to the buyer, a moderator's
  // decision about the person's listing or account, a reporter's report decided.
  'review',
  'review_reply',
  'moderation',
  'report_decided',
] as const;

/** How an alert is mailed: at once (folded per target), in the daily digest, or not at all. */
export const ALERT_MAIL = ['now', 'digest', 'none'] as const;

/**
 * What happened to a booking, for the party who did not cause it; or an alert, whose
 * target is a car (`product_id`) and, for a match, the saved search (`saved_search_id`).
 */
export const notifications = pgTable(
  'notifications',
  {
    _id: text('id').primaryKey(),
    userEmail: text('user_email').notNull(),
    /** The booking; null for an alert. */
    orderId: text('order_id'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    text: text('text').notNull(),
    /** The message a 'message' notification tells of (its e-mail quotes it). */
    messageId: text('message_id').references(() => messages._id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Whose it is (the e-mail is a copy for the mail); null once the account is deleted. */
    userId: text('user_id').references(() => users._id, { onDelete: 'set null' }),
    /** An alert's car (no foreign key: the bell still names a car its seller deleted). */
    productId: text('product_id'),
    /** A match's saved search; the alert goes with it. */
    savedSearchId: text('saved_search_id').references(() => savedSearches._id, {
      onDelete: 'cascade',
    }),
    /**
     * What makes an alert once, ever: `match:<search>:<car>`, `drop:<user>:<car>:<price row>`,
     * `sold:<user>:<car>`. Null for a booking's notifications.
     */
    alertKey: text('alert_key'),
    /** How an alert is mailed (ALERT_MAIL); null for a booking's (always at once). */
    mail: text('mail', { enum: ALERT_MAIL }),
    /** The digest mail (its outbox row's id) that carried this alert. */
    digestId: text('digest_id'),
  },
  (t) => [
    uniqueIndex('notifications_alert_key_idx')
      .on(t.alertKey)
      .where(sql`${t.alertKey} is not null`),
    // The alerts waiting for a person's next digest.
    index('notifications_digest_due_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.mail} = 'digest' and ${t.digestId} is null`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t._id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** What an outbox mail tells of: a booking's new state, or new messages in its conversation. */
export const MAIL_KINDS = [
  'requested',
  'accepted',
  'declined',
  'cancelled',
  'sold',
  'status',
  'message',
  // Alerts mailed at once (folded per saved search or saved car while one waits), and
  // a person's daily digest.
  'alert',
  'digest',
  // A notification that is not a booking's news nor an alert, mailed as it reads
  // (`ref` is the notification).
  'notice',
] as const;

/**
 * E-mails to send, enqueued in the same transaction as what they tell of (the trigger
 * `notifications_insert`: a kind, the booking, the messages, the recipient); the worker composes
 * each mail when it sends it and claims rows with FOR UPDATE SKIP LOCKED, so any replica may run
 * it. At least once: each mail's Message-ID is its row's, so a repeat is recognisable. Rows written
 * before mails were composed by the worker carry their finished `subject` and `body` and no kind.
 */
export const outbox = pgTable(
  'outbox',
  {
    _id: text('id').primaryKey(),
    toEmail: text('to_email').notNull(),
    subject: text('subject'),
    body: text('body'),
    kind: text('kind', { enum: MAIL_KINDS }),
    /** The booking the mail is about. */
    ref: text('ref'),
    /**
     * A 'message' mail's messages, in the order they came; more fold in until it is sent. An
     * 'alert' mail's notifications, the same way.
     */
    messageIds: text('message_ids').array(),
    userId: text('user_id').references(() => users._id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the worker gives up on the row: later messages then start a new mail. */
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    // One message mail waits per conversation and recipient; new messages fold into it.
    uniqueIndex('outbox_pending_message_idx')
      .on(t.ref, t.toEmail)
      .where(sql`${t.kind} = 'message' and ${t.sentAt} is null and ${t.givenUpAt} is null`),
    // One alert mail waits per target (a saved search's id, or `car:<id>`) and account; more
    // alerts of it fold into it (`message_ids` then lists the notifications).
    uniqueIndex('outbox_pending_alert_idx')
      .on(t.ref, t.userId)
      .where(sql`${t.kind} = 'alert' and ${t.sentAt} is null and ${t.givenUpAt} is null`),
    // The last message mail of a conversation to a recipient (the window's start).
    index('outbox_message_sent_idx')
      .on(t.ref, t.toEmail, t.sentAt)
      .where(sql`${t.kind} = 'message' and ${t.sentAt} is not null`),
  ],
);
