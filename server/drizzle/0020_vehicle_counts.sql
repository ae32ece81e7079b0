-- The vehicle facets of a search filtered by make and condition only (and of none) as sums of
-- kept counts (issue 24): a grouped pass over every car for sale took 87 ms p50 at 100,000 cars
-- on PostgreSQL. vehicle_counts holds the cars for sale per (make, condition, model, fuel,
-- transmission, body style, model year), unknown values as null groups (NULLS NOT DISTINCT:
-- one row per group, PostgreSQL 15+): 752 rows for the 100,000 seeded cars.
CREATE TABLE "vehicle_counts" (
	"category_name" text NOT NULL,
	"condition" text NOT NULL,
	"model" text,
	"fuel" text,
	"transmission" text,
	"body_style" text,
	"model_year" integer,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vehicle_counts_key" UNIQUE NULLS NOT DISTINCT("category_name","condition","model","fuel","transmission","body_style","model_year")
);
--> statement-breakpoint
INSERT INTO "vehicle_counts"
  ("category_name", "condition", "model", "fuel", "transmission", "body_style", "model_year", "n")
  SELECT "category_name", "condition", "model", "fuel", "transmission", "body_style",
    "model_year", count(*)::int
  FROM "products" WHERE "sold_at" IS NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
-- One grouped change per statement, as product_counts (migrations 0003 and 0005): each statement
-- adds its new rows for sale and takes away its old ones, one upsert per group it touched. The
-- upsert adds to the row under its lock, so writers at the same moment each add their own; the
-- groups are written in key order, so two statements touching the same groups take their locks
-- in the same order and cannot deadlock on them. A group at zero keeps its row (as
-- product_counts' do); readers skip it.
CREATE FUNCTION "vehicle_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vehicle_counts AS c
      (category_name, condition, model, fuel, transmission, body_style, model_year, n)
      SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
        count(*)::int
      FROM new_rows WHERE sold_at IS NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ON CONSTRAINT vehicle_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO vehicle_counts AS c
      (category_name, condition, model, fuel, transmission, body_style, model_year, n)
      SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
        -count(*)::int
      FROM old_rows WHERE sold_at IS NULL
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
        FROM new_rows WHERE sold_at IS NULL
        UNION ALL
        SELECT category_name, condition, model, fuel, transmission, body_style, model_year,
          -1 AS k
        FROM old_rows WHERE sold_at IS NULL
      ) AS t
      GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(k) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
      ON CONFLICT ON CONSTRAINT vehicle_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_vehicle_count_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vehicle_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "products_vehicle_count_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vehicle_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "products_vehicle_count_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vehicle_counts_follow"();
