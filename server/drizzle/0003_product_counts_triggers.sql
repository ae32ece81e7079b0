-- product_counts follows products: one grouped change per statement (transition tables), so a
-- bulk insert costs one upsert per (category, condition), not one per row.
INSERT INTO "product_counts" ("category_name", "condition", "n")
  SELECT "category_name", "condition", count(*)::int FROM "products" GROUP BY 1, 2
  ON CONFLICT ("category_name", "condition") DO UPDATE SET "n" = excluded."n";
--> statement-breakpoint
CREATE FUNCTION "product_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (category_name, condition, n)
    SELECT category_name, condition, count(*)::int FROM new_rows GROUP BY 1, 2
    ON CONFLICT (category_name, condition) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts AS c SET n = c.n - d.k
    FROM (SELECT category_name, condition, count(*)::int AS k FROM old_rows GROUP BY 1, 2) AS d
    WHERE c.category_name = d.category_name AND c.condition = d.condition;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "product_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (category_name, condition, n)
    SELECT category_name, condition, sum(k)::int FROM (
      SELECT category_name, condition, 1 AS k FROM new_rows
      UNION ALL
      SELECT category_name, condition, -1 AS k FROM old_rows
    ) AS t
    GROUP BY 1, 2 HAVING sum(k) <> 0
    ON CONFLICT (category_name, condition) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_count_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "products_count_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "products_count_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "product_counts_after_update"();
