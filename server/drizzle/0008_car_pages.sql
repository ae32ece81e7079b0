ALTER TABLE "products" ADD COLUMN "photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
-- Cars posted before: their one photo is their whole gallery.
UPDATE "products" SET "photos" = ARRAY["car_photo"] WHERE cardinality("photos") = 0;
--> statement-breakpoint
-- Trigram matching for search that forgives typos (PGlite loads the extension when it opens).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
