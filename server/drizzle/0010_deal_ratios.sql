CREATE TABLE "deal_ratios_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_deals" (
	"product_id" text PRIMARY KEY NOT NULL,
	"ratio" double precision DEFAULT 'Infinity'::double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_deals" ADD CONSTRAINT "product_deals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_deals_ratio_idx" ON "product_deals" USING btree ("ratio","product_id");--> statement-breakpoint
-- sort=deal pages through product_deals_ratio_idx by (ratio, car) like the other sorts through
-- theirs, instead of joining every car to its group's median and sorting them all per request.
-- Every car has its row from the statement that adds it (Infinity: last, until the next refresh
-- computes its ratio); deleting the car deletes it. The server refreshes the ratios after
-- catalogue changes (server/src/http/deal-ratios.ts), one replica at a time.
CREATE FUNCTION "product_deals_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_deals" ("product_id") SELECT "id" FROM "new_rows" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_deals_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "product_deals_after_insert"();
--> statement-breakpoint
INSERT INTO "product_deals" ("product_id") SELECT "id" FROM "products";
--> statement-breakpoint
-- Change -1: older than any, so the first server to start computes the ratios.
INSERT INTO "deal_ratios_state" ("id", "change") VALUES (1, -1);
