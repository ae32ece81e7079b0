ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, car_name), 'A') || setweight(to_tsvector('english'::regconfig, category_name), 'A') || setweight(to_tsvector('english'::regconfig, product_location), 'B') || setweight(to_tsvector('english'::regconfig, product_description), 'C')) STORED;--> statement-breakpoint
-- Search (GET /api/products). Every index below covers the cars for sale only (sold_at is
-- null): sold cars are in no search answer.
-- Words, weighted (name and category A, location B, description C).
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WHERE "sold_at" IS NULL;
--> statement-breakpoint
-- Misspelt words ('ferari', 'Lamborgini'): the words of the cars' names, categories and
-- locations, once each, with a trigram index. A query word that is none of them is looked up
-- here by similarity, and the search asks for the words it resembles as well. Comparing the
-- query with a few hundred words is cheap; comparing it with every car's text is not.
CREATE TABLE "search_words" ("word" text PRIMARY KEY NOT NULL);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Kept by the database: every statement that writes cars adds their new words (words are never
-- removed: a word no car has any more matches nothing).
CREATE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "new_rows",
    regexp_split_to_table(lower("car_name" || ' ' || "category_name" || ' ' || "product_location"), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_search_words"();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "products_search_words"();
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "products",
  regexp_split_to_table(lower("car_name" || ' ' || "category_name" || ' ' || "product_location"), '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The location filter (ILIKE '%…%').
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
--> statement-breakpoint
-- The years-used range of a filter panel (its ends read from the index).
CREATE INDEX "products_for_sale_years_idx" ON "products" ("user_years") WHERE "sold_at" IS NULL;
