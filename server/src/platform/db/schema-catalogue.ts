import { sql } from 'drizzle-orm';
import {
  customType,
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BODY_STYLES, DRIVES, FUELS, TRANSMISSIONS } from './vehicle-fields';
import { users } from './schema-accounts';

/** Why a car is out of sale without being sold. */
export const HIDDEN_REASONS = ['moderation', 'suspension', 'pending'] as const;

/** The catalogue (see schema.ts): the makes, the cars and their counts. */
export const categories = pgTable(
  'categories',
  {
    _id: text('id').primaryKey(),
    categoryName: text('category_name').notNull().unique(),
    image: text('image').notNull(),
    rating: doublePrecision('rating').notNull(),
    /** Display order (a new database: Tesla, Ferrari, BMW, Lamborghini); the home page shows 4. */
    position: integer('position').notNull().default(0),
  },
  // One name whatever its letter case (`categories_name_lower_idx`): 'bmw' is BMW, as every lookup
  // reads it.
  (t) => [uniqueIndex('categories_name_lower_idx').on(sql`lower(${t.categoryName})`)],
);

/** A CHECK that a column holds one of `values` (or null). */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** A full-text search document (PostgreSQL `tsvector`), written by the database only. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    _id: text('id').primaryKey(),
    carName: text('car_name').notNull(),
    carPhoto: text('car_photo').notNull(),
    // A car's make is a category (a foreign key): renaming one renames it on its cars; one with
    // cars stays.
    categoryName: text('category_name')
      .notNull()
      .references(() => categories.categoryName, { onUpdate: 'cascade', onDelete: 'restrict' }),
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
      .references(() => users.email, { onDelete: 'cascade', onUpdate: 'cascade' }),
    advertisement: text('advertisement', { enum: ['true', 'false'] })
      .notNull()
      .default('false'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a booking of it was marked sold; a sold car is in no list of cars for sale. */
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** Every photo of the car, the cover first (1 to 10); `carPhoto` is the cover. */
    photos: text('photos')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the seller last edited it (PATCH /products/{id}); null: never. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    // The vehicle data (catalogue/vehicle-fields.ts): null when unknown (every
    // car posted before it). The make is the category.
    /** The VIN, in capitals (17 characters, no I, O or Q). */
    vin: text('vin'),
    model: text('model'),
    modelYear: integer('model_year'),
    trim: text('trim'),
    bodyStyle: text('body_style', { enum: BODY_STYLES }),
    fuel: text('fuel', { enum: FUELS }),
    transmission: text('transmission', { enum: TRANSMISSIONS }),
    drive: text('drive', { enum: DRIVES }),
    exteriorColor: text('exterior_color'),
    /** Miles, a whole number from 0 to 1,000,000. */
    mileage: integer('mileage'),
    owners: integer('owners'),
    /**
     * Another seller had a live listing with the same VIN when this one was posted (or given
     * that VIN): moderation's to look at, so it stays until cleared (the trigger
     * `products_mark_shared_vin`).
     */
    vinShared: boolean('vin_shared').notNull().default(false),
    /**
     * Where the car is: a US ZIP code and its point (the ZIP's, or the place its location names),
     * or all three null (a place abroad, or text that names none): then it is in every search
     * but in no radius search. Indexed by `products_point_idx` (GiST over `ll_to_earth`).
     */
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * Why the car is out of sale without being sold, or null: hidden by a moderator
     * ('moderation'), with its seller's suspension ('suspension'), or waiting for a moderator's
     * approval ('pending'). A car is for sale when `sold_at` and `hidden` are both null
     * (FOR_SALE_SQL in catalogue/for-sale.ts): every list, count and trigger reads that.
     */
    hidden: text('hidden', { enum: HIDDEN_REASONS }),
    /** The moderator's reason, which the seller reads ('Hidden by moderation: …'). */
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** When the seller of a hidden car asked for it to be looked at again; null: not asked. */
    reviewAskedAt: timestamp('review_asked_at', { withTimezone: true }),
    /**
     * What free-text search matches (`products_search_words`): name, category, model and trim
     * weigh most, then the location, then the description. Kept by the database; its GIN index
     * and the trigram indexes for misspelt words are in the migrations.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, car_name), 'A') || setweight(to_tsvector('english'::regconfig, category_name), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(model, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("trim", '')), 'A') || setweight(to_tsvector('english'::regconfig, product_location), 'B') || setweight(to_tsvector('english'::regconfig, product_description), 'C')`,
    ),
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
    // A seller lists one car (VIN) once while it is for sale; the shared-VIN mark finds others'.
    uniqueIndex('products_seller_vin_for_sale_idx')
      .on(t.email, t.vin)
      .where(sql`${t.vin} is not null and ${t.soldAt} is null`),
    index('products_vin_idx')
      .on(t.vin)
      .where(sql`${t.vin} is not null`),
    check('products_vin_form', sql`${t.vin} ~ '^[A-HJ-NPR-Z0-9]{17}$'`),
    check('products_model_year_range', sql`${t.modelYear} between 1900 and 2100`),
    check('products_mileage_range', sql`${t.mileage} between 0 and 1000000`),
    check('products_owners_range', sql`${t.owners} between 0 and 99`),
    check('products_body_style_values', oneOf(t.bodyStyle, BODY_STYLES)),
    check('products_fuel_values', oneOf(t.fuel, FUELS)),
    check('products_transmission_values', oneOf(t.transmission, TRANSMISSIONS)),
    check('products_drive_values', oneOf(t.drive, DRIVES)),
  ],
);

/**
 * How many products each category has in each condition, kept by triggers on `products`
 * (`products_count_*`), so a page's total is a sum of at most three rows, not a count of them all.
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

/**
 * How many cars for sale each (make, condition, model, fuel, transmission, body style, model
 * year) has, kept by triggers on `products` (`products_vehicle_count_*`) as product_counts is: the
 * vehicle facets of a search filtered by make and condition only are sums of these rows (a few
 * hundred) instead of a grouped pass over every car for sale. Unknown values are null, one group
 * each.
 */
export const vehicleCounts = pgTable(
  'vehicle_counts',
  {
    categoryName: text('category_name').notNull(),
    condition: text('condition').notNull(),
    model: text('model'),
    fuel: text('fuel'),
    transmission: text('transmission'),
    bodyStyle: text('body_style'),
    modelYear: integer('model_year'),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    unique('vehicle_counts_key')
      .on(t.categoryName, t.condition, t.model, t.fuel, t.transmission, t.bodyStyle, t.modelYear)
      .nullsNotDistinct(),
  ],
);
