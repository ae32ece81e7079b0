-- Admins add, rename and delete categories (the Categories screen, /admin/categories). One name
-- whatever its letter case: every lookup reads names case-insensitively ('bmw' is BMW), so two
-- spellings of one name would be one category to a buyer and two to the database.
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("category_name"));
--> statement-breakpoint
-- A car's category is a row of categories: renaming a category renames it on its cars in the same
-- statement (their search text, counts and catalogue notices follow through products' triggers),
-- and a category that still has cars cannot be deleted, even by a delete racing a new car (the
-- key check locks the category's row until the car's transaction ends).
ALTER TABLE "products" ADD CONSTRAINT "products_category_name_categories_category_name_fk"
  FOREIGN KEY ("category_name") REFERENCES "public"."categories"("category_name")
  ON DELETE restrict ON UPDATE cascade;
