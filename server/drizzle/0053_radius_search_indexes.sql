-- The alert matcher's index of the searches' keys holds only the searches without a radius: a
-- search within a radius is found by its circle (saved_searches_circle_key_idx), never by its
-- keys, yet its keys ('|model|<model>', no place) are among every car's, so each new car's
-- lookup read the row of every search within a radius for its model, make or any car across
-- the country only to drop it (4,506 of the 5,980 rows a Huracán in Salt Lake City read at
-- 100,000 searches: 3,954 pages, now 1,570).
DROP INDEX IF EXISTS "saved_searches_match_keys_idx";--> statement-breakpoint
CREATE INDEX "saved_searches_match_keys_idx" ON "saved_searches" USING gin ("match_keys") WHERE "radius_miles" IS NULL;
--> statement-breakpoint
-- The distance sort's cars without a point (read last, when a page is not full without them),
-- newest first: without an index their branch was planned as a scan of every car even though it
-- never runs when the page is full, and at a million cars the plan's cost alone set off JIT
-- compilation (about 0.6 s a search).
CREATE INDEX IF NOT EXISTS "products_unplaced_created_idx" ON "products" ("created_at", "id") WHERE "latitude" IS NULL AND "sold_at" IS NULL;
