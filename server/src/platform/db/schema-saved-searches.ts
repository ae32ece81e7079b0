import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './schema-accounts';

/** How a saved search's new matches are mailed ('At once', 'Daily', 'Never'). */
export const SAVED_SEARCH_NOTIFY = ['instant', 'daily', 'never'] as const;
export type SavedSearchNotify = (typeof SAVED_SEARCH_NOTIFY)[number];

/**
 * Saved searches: a user's filters of /cars with a name. `query` is the canonical
 * query string (what /cars opens; one account saves the same filters once). The filters are also
 * columns, so the matcher to come asks "which saved searches could match this car?" in one
 * indexed query over them, as a percolator does, instead of reading every search. A list filter
 * with no values, and a bound not set, are null: any car passes it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    _id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users._id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    q: text('q'),
    makes: text('makes').array(),
    models: text('models').array(),
    conditions: text('conditions').array(),
    fuels: text('fuels').array(),
    transmissions: text('transmissions').array(),
    bodyStyles: text('body_styles').array(),
    minPrice: doublePrecision('min_price'),
    maxPrice: doublePrecision('max_price'),
    minYears: doublePrecision('min_years'),
    maxYears: doublePrecision('max_years'),
    minModelYear: integer('min_model_year'),
    maxModelYear: integer('max_model_year'),
    minMileage: integer('min_mileage'),
    maxMileage: integer('max_mileage'),
    location: text('location'),
    /**
     * Near a ZIP code: its point, and the radius in miles the cars must be within (null: any
     * distance). The matcher finds a car's searches with a radius by `saved_searches_circle_key_idx`.
     */
    nearZip: text('near_zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusMiles: integer('radius_miles'),
    /**
     * What the matcher looks a search within a radius up by, beside its circle (written by the
     * database): '<make>|<model>' when it names one make and one model, '<make>' when one make,
     * else ''.
     */
    circleKey: text('circle_key').generatedAlwaysAs(
      sql`case when cardinality(makes) = 1 then case when cardinality(models) = 1 then makes[1] || '|' || models[1] else makes[1] end else '' end`,
    ),
    verified: boolean('verified').notNull().default(false),
    /** Only dealers' cars, or only private sellers' (null: both), as the search's `sellerType`. */
    sellerType: text('seller_type', { enum: ['dealer', 'private'] }),
    /** How its new matches are mailed: at once, in the daily digest, or never (the bell only). */
    notify: text('notify', { enum: SAVED_SEARCH_NOTIFY }).notNull().default('daily'),
    /**
     * What the alert matcher looks a search up by, written by the database (the trigger
     * `saved_searches_match_keys`) from its location, models and makes: `<place>|model|<model>` for
     * each model it names, else `<place>|make|<make>` for each make, else `<place>|any`; the place
     * is the location's first three letters in lower case ('' when none). A car's keys are each
     * part of one to three letters of its location (and '') with its model, its make and 'any': a
     * search it passes has one of them.
     */
    matchKeys: text('match_keys').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its owner last opened it: its new matches are the cars listed since. */
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One account saves the same filters once (two saves at once: one 201, one 409); also the
    // owner's list.
    uniqueIndex('saved_searches_user_query_idx').on(t.userId, t.query),
    // The alert matcher (alerts/candidates.ts): the searches a new car could match, by their
    // place and model, make or neither (`match_keys && <the car's keys>`); those within a
    // radius are left out: their circles' index finds them (saved_searches_circle_key_idx).
    index('saved_searches_match_keys_idx')
      .using('gin', t.matchKeys)
      .where(sql`${t.radiusMiles} is null`),
  ],
);

export type SavedSearchRow = typeof savedSearches.$inferSelect;
