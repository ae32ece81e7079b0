-- Search knows the car (issue 24): free text matches the model and the trim too, and the
-- vehicle sorts and filters have their indexes. Every index covers the cars for sale only
-- (sold_at is null), as migration 0009's do: sold cars are in no search answer.
-- A generated column's expression cannot be changed in place before PostgreSQL 17: the column is
-- made again (one rewrite of the table, and its GIN index built again; docs/figures.md has how
-- long that takes at 100,000 cars). Model and trim weigh as the name does (A); unknown is empty.
DROP INDEX IF EXISTS "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, car_name), 'A') || setweight(to_tsvector('english'::regconfig, category_name), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(model, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("trim", '')), 'A') || setweight(to_tsvector('english'::regconfig, product_location), 'B') || setweight(to_tsvector('english'::regconfig, product_description), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search") WHERE "sold_at" IS NULL;
--> statement-breakpoint
-- The words a misspelt query word is compared with (search_words, migration 0009): the models'
-- and trims' words too ('Huracn' finds the Huracán's cars once its model is known).
CREATE OR REPLACE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT w FROM "new_rows",
    regexp_split_to_table(lower("car_name" || ' ' || "category_name" || ' ' || "product_location"
      || ' ' || coalesce("model", '') || ' ' || coalesce("trim", '')), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT w FROM "products",
  regexp_split_to_table(lower(coalesce("model", '') || ' ' || coalesce("trim", '')), '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The sorts 'Lowest mileage' (mileage_asc) and 'Newest model year' (year_desc), walked by keyset
-- like the others; a car of unknown mileage or model year sorts last (the same expressions as
-- catalogue/search-query.ts's).
CREATE INDEX "products_for_sale_mileage_idx" ON "products" ((coalesce("mileage", 1000001)), "id")
  WHERE "sold_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_for_sale_model_year_idx" ON "products" ((coalesce("model_year", 0)), "id")
  WHERE "sold_at" IS NULL;
--> statement-breakpoint
-- The model filter (a few models of a make), and the ends of the mileage range of a panel.
CREATE INDEX "products_for_sale_model_idx" ON "products" ("model")
  WHERE "sold_at" IS NULL AND "model" IS NOT NULL;
