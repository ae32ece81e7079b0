-- What each listing earns: its views. A view is one visitor opening a car on one day (UTC); the
-- visitor is a hash salted with the day's salt (of the signed-in account, or of the address and
-- browser), so nobody is named here. The server gathers views in memory and writes them in
-- batches; a second view by the same visitor on the same day changes nothing (the primary key).
CREATE TABLE "car_views" (
	"car_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "car_views_pkey" PRIMARY KEY ("car_id", "day", "visitor")
);
--> statement-breakpoint
ALTER TABLE "car_views" ADD CONSTRAINT "car_views_car_id_products_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A car's views per day, kept by the trigger below: what the insights read (a seller's 500 cars
-- over 90 days are at most 45,000 rows, however many views they had).
CREATE TABLE "car_view_counts" (
	"car_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "car_view_counts_pkey" PRIMARY KEY ("car_id", "day")
);
--> statement-breakpoint
ALTER TABLE "car_view_counts" ADD CONSTRAINT "car_view_counts_car_id_products_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The marketplace's views per day (an admin's totals) read by day.
CREATE INDEX "car_view_counts_day_idx" ON "car_view_counts" USING btree ("day");
--> statement-breakpoint
-- The day's salt of the visitors' hashes, shared by every replica so that a visitor is one
-- visitor whichever replica they reach. Each is deleted once its day is over: after that no
-- hash can be matched to an address again.
CREATE TABLE "view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" bytea NOT NULL
);
--> statement-breakpoint
-- The views a batch really added (a repeated visitor's row is not inserted, so not counted).
CREATE FUNCTION "car_view_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "car_view_counts" ("car_id", "day", "views")
    SELECT "car_id", "day", count(*)::integer FROM "new_rows" GROUP BY "car_id", "day"
    ON CONFLICT ("car_id", "day")
      DO UPDATE SET "views" = "car_view_counts"."views" + excluded."views";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "car_views_count" AFTER INSERT ON "car_views"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "car_view_counts_after_insert"();
