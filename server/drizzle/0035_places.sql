-- Places: every US ZIP code with its city, state and coordinates (loaded from the `zipcodes`
-- package at the first start: server/src/places/load-places.ts), a car's place, and an
-- account's ZIP. Distances use earthdistance over cube: a car's point is `ll_to_earth(latitude,
-- longitude)`, indexed with GiST, so a radius search tests a bounding box on the index and then
-- the exact distance; a car without coordinates is in no radius search and costs it nothing.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE TABLE "places" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);--> statement-breakpoint
CREATE INDEX "places_city_state_idx" ON "places" (lower("city"), "state");--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "products_point_idx" ON "products" USING gist (ll_to_earth("latitude", "longitude")) WHERE "latitude" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zip" text;
