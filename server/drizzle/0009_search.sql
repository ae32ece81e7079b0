ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, car_name), 'A') || setweight(to_tsvector('english'::regconfig, category_name), 'A') || setweight(to_tsvector('english'::regconfig, product_location), 'B') || setweight(to_tsvector('english'::regconfig, product_description), 'C')) STORED;--> statement-breakpoint
-- Search (GET /api/products). Every index below covers the cars for sale only (sold_at is
-- null): sold cars are in no search answer.
-- Words, weighted (name and category A, location B, description C).
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WHERE "sold_at" IS NULL;
--> statement-breakpoint
-- Misspelt words ('ferari', 'Lamborgini'): word similarity of the query to name, category and
-- location (`%>`), and the location filter (ILIKE '%…%').
CREATE INDEX "products_search_trgm_idx" ON "products"
  USING gin (("car_name" || ' ' || "category_name" || ' ' || "product_location") gin_trgm_ops)
  WHERE "sold_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_location_trgm_idx" ON "products"
  USING gin ("product_location" gin_trgm_ops) WHERE "sold_at" IS NULL;
--> statement-breakpoint
-- One per sort of the whole catalogue (newest; price either way: one index, read both ways).
CREATE INDEX "products_for_sale_created_idx" ON "products" ("created_at", "id")
  WHERE "sold_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_for_sale_price_idx" ON "products" ("resale_price", "id")
  WHERE "sold_at" IS NULL;
--> statement-breakpoint
-- A car's comparables for its fair price: same category and condition, years used within ±2
-- (the price and seller read from the index alone).
CREATE INDEX "products_comparables_idx" ON "products"
  ("category_name", "condition", "user_years") INCLUDE ("resale_price", "email")
  WHERE "sold_at" IS NULL;
