import { doublePrecision, index, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Every US ZIP code with its city, state and point (loaded at the first start). */
export const places = pgTable(
  'places',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [
    index('places_city_state_idx').on(sql`lower(${t.city})`, t.state),
    // A local page's place by its slug (places.ts's slugSql over the city).
    index('places_slug_idx').on(
      sql`trim(both '-' from regexp_replace(lower(${t.city}), '[^a-z0-9]+', '-', 'g'))`,
      t.state,
    ),
  ],
);
export type PlaceRow = typeof places.$inferSelect;
