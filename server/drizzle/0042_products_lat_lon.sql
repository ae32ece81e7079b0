-- The cars for sale by latitude and longitude: how many cars a search's circle holds, counted
-- from the index alone (an index-only scan), decides how the search tests its radius.
CREATE INDEX IF NOT EXISTS "products_lat_lon_idx" ON "products" ("latitude", "longitude")
  WHERE "latitude" IS NOT NULL AND "sold_at" IS NULL;
