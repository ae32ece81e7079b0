-- The for-sale condition (issue 26): a car is for sale when it is neither sold nor hidden
-- (catalogue/for-sale.ts). The kept counts follow a car that leaves or comes back through
-- `hidden` as they follow a sale: the functions of migrations 0005 and 0020 again, with the new
-- condition. The partial indexes WHERE sold_at IS NULL stay: they still serve every query that
-- adds `hidden IS NULL` (hidden cars are few, filtered on the rows the index gives).
CREATE OR REPLACE FUNCTION "product_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (category_name, condition, n)
    SELECT category_name, condition, count(*)::int FROM new_rows
      WHERE sold_at IS NULL AND hidden IS NULL GROUP BY 1, 2
    ON CONFLICT (category_name, condition) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts AS c SET n = c.n - d.k
    FROM (SELECT category_name, condition, count(*)::int AS k FROM old_rows
          WHERE sold_at IS NULL AND hidden IS NULL GROUP BY 1, 2) AS d
    WHERE c.category_name = d.category_name AND c.condition = d.condition;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (category_name, condition, n)
    SELECT category_name, condition, sum(k)::int FROM (
      SELECT category_name, condition, 1 AS k FROM new_rows
        WHERE sold_at IS NULL AND hidden IS NULL
      UNION ALL
      SELECT category_name, condition, -1 AS k FROM old_rows
        WHERE sold_at IS NULL AND hidden IS NULL
    ) AS t
    GROUP BY 1, 2 HAVING sum(k) <> 0
    ON CONFLICT (category_name, condition) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vehicle_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vehicle_counts AS c
      (category_name, condition, model, fuel, transmission, body_style, model_year, n)
      SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
        count(*)::int
      FROM new_rows WHERE sold_at IS NULL AND hidden IS NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ON CONSTRAINT vehicle_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO vehicle_counts AS c
      (category_name, condition, model, fuel, transmission, body_style, model_year, n)
      SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
        -count(*)::int
      FROM old_rows WHERE sold_at IS NULL AND hidden IS NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ON CONSTRAINT vehicle_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO vehicle_counts AS c
      (category_name, condition, model, fuel, transmission, body_style, model_year, n)
      SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
        sum(k)::int
      FROM (
        SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
          1 AS k
        FROM new_rows WHERE sold_at IS NULL AND hidden IS NULL
        UNION ALL
        SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
          -1 AS k
        FROM old_rows WHERE sold_at IS NULL AND hidden IS NULL
      ) AS t
      GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(k) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ON CONSTRAINT vehicle_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The counts again from the cars, in case a car was hidden before this migration ran.
UPDATE "product_counts" AS c SET "n" = (
  SELECT count(*)::int FROM "products" p
  WHERE p."category_name" = c."category_name" AND p."condition" = c."condition"
    AND p."sold_at" IS NULL AND p."hidden" IS NULL);
--> statement-breakpoint
UPDATE "vehicle_counts" SET "n" = 0;
--> statement-breakpoint
INSERT INTO "vehicle_counts" AS c
  ("category_name", "condition", "model", "fuel", "transmission", "body_style", "model_year", "n")
  SELECT "category_name", "condition", "model", "fuel", "transmission", "body_style",
    "model_year", count(*)::int
  FROM "products" WHERE "sold_at" IS NULL AND "hidden" IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT vehicle_counts_key DO UPDATE SET n = excluded.n;
--> statement-breakpoint
-- A car back on sale (restored by a moderator, approved, its seller unsuspended) is new to the
-- saved searches: queued as listed, in the transaction that brought it back. A car leaving sale
-- through `hidden` queues nothing: no alert names a hidden car.
CREATE FUNCTION "alert_work_after_return"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "saved_searches") THEN
    INSERT INTO "alert_work" ("product_id", "kind")
      SELECT n."id", 'listed' FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
        WHERE o."hidden" IS NOT NULL AND n."hidden" IS NULL AND n."sold_at" IS NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alert_work_return" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_work_after_return"();
