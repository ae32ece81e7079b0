-- The alert matcher's index of the searches' keys holds only the searches without a radius: a
-- search within a radius is found by its circle (saved_searches_circle_key_idx), never by its
-- keys, yet its keys ('|model|<model>', no place) are among every car's, so each new car's
-- lookup read the row of every search within a radius for its model, make or any car across
-- the country only to drop it (4,506 of the 5,980 rows a Huracán in Salt Lake City read at
-- 100,000 searches: 3,954 pages, now 1,570).
DROP INDEX IF EXISTS "saved_searches_match_keys_idx";--> statement-breakpoint
CREATE INDEX "saved_searches_match_keys_idx" ON "saved_searches" USING gin ("match_keys") WHERE "radius_miles" IS NULL;
