-- Which makes' market values are out of date (issue 27). A refresh valued every car of every
-- make after any catalogue change: 12.5 s at a million cars. Every statement that writes cars
-- now counts a change of each make it touched (its rows before and after), and a refresh
-- records the count it valued each make at: the next one values only the makes whose count
-- moved since (and every make when the year changes, as the cars' ages do). Writers add to
-- their make's row under its lock, makes in order, as vehicle_counts' triggers do; a refresh
-- only reads it, so it never holds a writer back.
CREATE TABLE "market_make_changes" (
	"make" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "market_make_refreshed" (
	"make" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"year" integer NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "market_makes_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO market_make_changes AS c (make, version)
      SELECT DISTINCT category_name, 1 FROM new_rows ORDER BY 1
      ON CONFLICT (make) DO UPDATE SET version = c.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO market_make_changes AS c (make, version)
      SELECT DISTINCT category_name, 1 FROM old_rows ORDER BY 1
      ON CONFLICT (make) DO UPDATE SET version = c.version + 1;
  ELSE
    INSERT INTO market_make_changes AS c (make, version)
      SELECT category_name, 1
      FROM (SELECT category_name FROM new_rows UNION SELECT category_name FROM old_rows) AS t
      ORDER BY 1
      ON CONFLICT (make) DO UPDATE SET version = c.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_market_make_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "market_makes_follow"();
--> statement-breakpoint
CREATE TRIGGER "products_market_make_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "market_makes_follow"();
--> statement-breakpoint
CREATE TRIGGER "products_market_make_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "market_makes_follow"();
