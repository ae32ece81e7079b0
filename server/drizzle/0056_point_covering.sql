-- The cars for sale by their point, with the columns a search within a radius tests besides
-- (coordinates, hidden, price, mileage, model year): the count of a circle's cars (a search's
-- total up to a thousand, and whether the circle is dense enough to walk its sort's index) and
-- the distance bands' nearest cars are then read from this index alone, without a heap page
-- for each car (around New York at a million cars, a total counted up to 1,001 read 1,123 pages,
-- now 113; with price and mileage filters 5,261, now 622). products_point_idx stays: narrower,
-- it is the better bitmap for free text within a radius and for the pages that read the cars.
CREATE INDEX IF NOT EXISTS "products_for_sale_point_covering_idx" ON "products" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "hidden", "resale_price", "mileage", "model_year") WHERE "latitude" IS NOT NULL AND "sold_at" IS NULL;
--> statement-breakpoint
-- A circle's cars are counted on the index above: the latitude and longitude's b-tree, read for
-- that count alone (a band of latitude across the whole country), is no longer read.
DROP INDEX IF EXISTS "products_lat_lon_idx";
