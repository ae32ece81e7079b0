-- Every price a car has had, in whole dollars (a bigint: money is never a float here; the
-- products' double precision price is rounded to the dollar). The database writes it itself, so
-- every write path is covered (the API, the seeds' bulk inserts, scripts, any replica).
CREATE TABLE "price_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "price_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" text NOT NULL,
	"price" bigint NOT NULL,
	"previous_price" bigint,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_history" ADD CONSTRAINT "price_history_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One car's history newest first, and a page of cards' latest change each (one index probe a car).
CREATE INDEX "price_history_product_idx" ON "price_history" USING btree ("product_id","changed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- "Dropped in the last 14 days" across the catalogue: the drops only, newest first. previous_price
-- (the price before the change; null for a car's first row) makes a drop a row-local test.
CREATE INDEX "price_history_drops_idx" ON "price_history" USING btree ("changed_at" DESC NULLS LAST,"product_id") WHERE "price_history"."price" < "price_history"."previous_price";--> statement-breakpoint
-- A new car's first price, at its post time (created_at: a seed's older cars keep their dates).
-- Statement-level with a transition table, as product_deals (0010): one insert for a bulk seed.
CREATE FUNCTION "price_history_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "price_history" ("product_id", "price", "changed_at")
    SELECT "id", round("resale_price")::bigint, "created_at" FROM "new_rows";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_history_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "price_history_after_insert"();
--> statement-breakpoint
-- A change of price, at the time of its transaction. PostgreSQL allows no column list (UPDATE OF
-- resale_price) with transition tables, so the old and new rows are compared here; a change of
-- cents that leaves the whole-dollar price as it was is not a change.
CREATE FUNCTION "price_history_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "price_history" ("product_id", "price", "previous_price", "changed_at")
    SELECT n."id", round(n."resale_price")::bigint, round(o."resale_price")::bigint, now()
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE round(n."resale_price") <> round(o."resale_price");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_history_update" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "price_history_after_update"();
--> statement-breakpoint
-- The cars already listed: their current price at their post time (what they were listed at is
-- not known; their history starts with what they cost now).
INSERT INTO "price_history" ("product_id", "price", "changed_at")
  SELECT "id", round("resale_price")::bigint, "created_at" FROM "products";
