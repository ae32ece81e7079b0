-- A saved search near a ZIP code: its point and radius, so the alert matcher finds the searches
-- whose circle holds a new car's point through an index (each circle as its bounding box, GiST
-- over earthdistance's cube), then checks the exact distance.
ALTER TABLE "saved_searches" ADD COLUMN "near_zip" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "radius_miles" integer;--> statement-breakpoint
CREATE INDEX "saved_searches_circle_idx" ON "saved_searches" USING gist (earth_box(ll_to_earth("latitude", "longitude"), "radius_miles" * 1609.344)) WHERE "radius_miles" IS NOT NULL;
