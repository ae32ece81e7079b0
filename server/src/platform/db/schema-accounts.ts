import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The accounts (see schema.ts): who signs in, and the sign-in accounts whose records were deleted. */
export const users = pgTable(
  'users',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    /** The sign-in account (Firebase uid) it was made for; null until an older record signs in. */
    authUid: text('auth_uid'),
    userRole: text('user_role', { enum: ['Seller', 'Buyer', 'Admin'] }).notNull(),
    userImg: text('user_img').notNull().default(''),
    userVerify: text('user_verify', { enum: ['true', 'false'] })
      .notNull()
      .default('false'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Suspended by a moderator: every call of the account answers 403 until lifted. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendReason: text('suspend_reason'),
    /** The seller's visible reviews: how many, and their stars' sum (`reviews_keep_rating`). */
    reviewCount: integer('review_count').notNull().default(0),
    reviewSum: integer('review_sum').notNull().default(0),
    /** The account's own ZIP code: where its searches start ('Near'); null: not given. */
    zip: text('zip'),
    /** The account's phone number: shown only to the other party of an accepted booking. */
    phone: text('phone'),
    /** 'Sign out everywhere': the account's access tokens issued before this are refused. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    /**
     * The address is confirmed (its owner opened the confirmation link, or it signs in with
     * Google, or it existed before addresses were confirmed): mail that is not about the
     * account's own bookings goes only to a confirmed address.
     */
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    /** Booking and message e-mails (the bell has them either way): on unless turned off. */
    bookingMails: boolean('booking_mails').notNull().default(true),
  },
  // The admin grids page, sort and filter one role at a time.
  (t) => [
    index('users_role_created_idx').on(t.userRole, t.createdAt, t._id),
    index('users_role_name_idx').on(t.userRole, t.name, t._id),
    index('users_role_email_idx').on(t.userRole, t.email),
    uniqueIndex('users_auth_uid_idx')
      .on(t.authUid)
      .where(sql`${t.authUid} is not null`),
  ],
);

/** Sign-in accounts whose records were deleted: their tokens are refused, not new. */
export const deletedAccounts = pgTable('deleted_accounts', {
  authUid: text('auth_uid').primaryKey(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a mailed account code is for: a password reset, an e-mail confirmation, a Google notice,
 * a change of e-mail's confirmation (to the new address) and its undo link (to the old one).
 */
export const ACCOUNT_CODE_PURPOSES = [
  'reset',
  'verify',
  'google',
  'email_change',
  'email_undo',
] as const;

/**
 * The codes the server mailed (accounts/account-codes.ts): a hash of each (none for a notice that
 * the account signs in with Google), whose it is, when, and when it was used. A link works for an
 * hour, once.
 */
export const accountCodes = pgTable(
  'account_codes',
  {
    _id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** A change of e-mail's code: the address it moves the account to (or back to). */
    address: text('address'),
  },
  (t) => [
    uniqueIndex('account_codes_hash_idx')
      .on(t.codeHash)
      .where(sql`${t.codeHash} is not null`),
    index('account_codes_user_idx').on(t.userId, t.purpose, t.createdAt),
    index('account_codes_address_idx')
      .on(t.address, t.purpose, t.createdAt)
      .where(sql`${t.address} is not null`),
  ],
);
