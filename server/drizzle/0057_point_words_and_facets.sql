-- Free text within a radius: the cars for sale by their point and their words in one GiST index.
-- A radius search with free text walks it nearest first, each car's words tested in the index
-- (the tsvector's signature, rechecked on the car), and ranks the nearest matches: 'tesla' within
-- 100 miles of New York at a million cars, its 1,001 nearest matches in 1,304 pages and 11 ms,
-- where the words' and the box's bitmaps (a quarter of a million Teslas, 92,521 cars in the box)
-- took 60 ms before the first car was read.
CREATE INDEX IF NOT EXISTS "products_for_sale_point_search_idx" ON "products" USING gist (ll_to_earth("latitude", "longitude"), "search") WHERE "latitude" IS NOT NULL AND "sold_at" IS NULL;
--> statement-breakpoint
-- The cars for sale by their point, with every column a search within a radius tests and the
-- facets count: the facets and distance bands of a circle read its nearest cars from this index
-- alone (around New York at a million cars, 5,001 cars in 2,879 pages and 18 ms, where a heap
-- page for each car made 5,229 pages and 38 ms); a circle's count reads it as it read the
-- narrower index it replaces.
CREATE INDEX IF NOT EXISTS "products_for_sale_point_facets_idx" ON "products" USING gist (ll_to_earth("latitude", "longitude")) INCLUDE ("latitude", "longitude", "hidden", "resale_price", "mileage", "model_year", "user_years", "category_name", "condition", "model", "fuel", "transmission", "body_style", "email") WHERE "latitude" IS NOT NULL AND "sold_at" IS NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS "products_for_sale_point_covering_idx";
