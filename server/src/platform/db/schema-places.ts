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
  (t) => [index('places_city_state_idx').on(sql`lower(${t.city})`, t.state)],
);
export type PlaceRow = typeof places.$inferSelect;
