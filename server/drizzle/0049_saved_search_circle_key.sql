-- The alert matcher's searches within a radius, looked up by make and model as well as by circle:
-- each search's `circle_key` is '<make>|<model>' when it names one make and one model, '<make>'
-- when it names one make, else ''. A new car asks for its three keys and the circles holding its
-- point in one GiST scan (btree_gist indexes the text beside the circle's box), instead of every
-- circle around a city and then the make (a car in New York read 3,368 pages, now about 600).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "circle_key" text GENERATED ALWAYS AS (CASE WHEN cardinality("makes") = 1 THEN CASE WHEN cardinality("models") = 1 THEN "makes"[1] || '|' || "models"[1] ELSE "makes"[1] END ELSE '' END) STORED;--> statement-breakpoint
CREATE INDEX "saved_searches_circle_key_idx" ON "saved_searches" USING gist ("circle_key", earth_box(ll_to_earth("latitude", "longitude"), "radius_miles" * 1609.344)) WHERE "radius_miles" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "saved_searches_circle_idx";
