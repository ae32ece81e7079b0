import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The marketplace's tables. Every record answers with a string `_id`; flags are the strings
 * 'true' and 'false', as the spec writes them. A product's verified tick is not stored here:
 * it is the seller's `userVerify`, read through a join, so it is stored once.
 */

export const users = pgTable(
  'users',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    userRole: text('user_role', { enum: ['Seller', 'Buyer', 'Admin'] }).notNull(),
    userImg: text('user_img').notNull().default(''),
    userVerify: text('user_verify', { enum: ['true', 'false'] })
      .notNull()
      .default('false'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin grids page, sort and filter one role at a time.
  (t) => [
    index('users_role_created_idx').on(t.userRole, t.createdAt, t._id),
    index('users_role_name_idx').on(t.userRole, t.name, t._id),
    index('users_role_email_idx').on(t.userRole, t.email),
  ],
);

export const categories = pgTable('categories', {
  _id: text('id').primaryKey(),
  categoryName: text('category_name').notNull().unique(),
  image: text('image').notNull(),
  rating: doublePrecision('rating').notNull(),
  /** Display order (the spec lists Tesla, Ferrari, BMW, Lamborghini). */
  position: integer('position').notNull().default(0),
});

export const products = pgTable(
  'products',
  {
    _id: text('id').primaryKey(),
    carName: text('car_name').notNull(),
    carPhoto: text('car_photo').notNull(),
    categoryName: text('category_name').notNull(),
    condition: text('condition', { enum: ['Excellent', 'Good', 'Fair'] }).notNull(),
    originalPrice: doublePrecision('original_price').notNull(),
    resalePrice: doublePrecision('resale_price').notNull(),
    productLocation: text('product_location').notNull(),
    userYears: doublePrecision('user_years').notNull(),
    postTime: text('post_time').notNull(),
    productDescription: text('product_description').notNull(),
    sellerName: text('seller_name').notNull(),
    sellerPhoto: text('seller_photo').notNull().default(''),
    // The seller. Deleting the seller deletes their cars (and, through orders, the bookings).
    email: text('email')
      .notNull()
      .references(() => users.email, { onDelete: 'cascade' }),
    advertisement: text('advertisement', { enum: ['true', 'false'] })
      .notNull()
      .default('false'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Category pages (keyset or offset), newest or oldest first (one index serves both
    // directions), by price, or one condition only; counts read the same indexes.
    index('products_category_created_id_idx').on(t.categoryName, t.createdAt, t._id),
    index('products_category_price_idx').on(t.categoryName, t.resalePrice, t._id),
    index('products_category_condition_idx').on(t.categoryName, t.condition, t.createdAt, t._id),
    index('products_email_created_idx').on(t.email, t.createdAt, t._id),
    index('products_advertised_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.advertisement} = 'true'`),
  ],
);

/**
 * How many products each category has in each condition, kept by triggers on `products`
 * (migration 0003), so a page's total is a sum of at most three rows, not a count of them all.
 */
export const productCounts = pgTable(
  'product_counts',
  {
    categoryName: text('category_name').notNull(),
    condition: text('condition').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryName, t.condition] })],
);

export const orders = pgTable(
  'orders',
  {
    _id: text('id').primaryKey(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email')
      .notNull()
      .references(() => users.email, { onDelete: 'cascade' }),
    productName: text('product_name').notNull(),
    productPrice: doublePrecision('product_price').notNull(),
    phone: text('phone').notNull(),
    meetLocation: text('meet_location').notNull(),
    productID: text('product_id')
      .notNull()
      .references(() => products._id, { onDelete: 'cascade' }),
    carImage: text('car_image').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_buyer_email_idx').on(t.buyerEmail, t.createdAt.desc()),
    index('orders_product_idx').on(t.productID),
  ],
);

export const schema = { users, categories, products, productCounts, orders };
export type UserRow = typeof users.$inferSelect;
/** Who a user is to the marketplace. */
export type Role = UserRow['userRole'];
export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
