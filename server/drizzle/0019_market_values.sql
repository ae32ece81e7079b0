-- Each car's market value (issue 24), stored so that reading it never computes it: a page, a
-- search's badges and the `deal` sort read what the last refresh wrote (a later issue reads them
-- at a million cars). The server refreshes them in the background a few seconds after any
-- catalogue change, one replica at a time (server/src/catalogue/market-refresh.ts, under the
-- deal ratios' advisory lock): the fits per model and make, each car's value and basis here,
-- and its ratio price ÷ value in product_deals (migration 0010), whose index the deal sort pages
-- by. A car posted since the last refresh has no row yet: no value, no rating, last in the deal
-- order, as before. Both tables are new and empty: the migration rewrites nothing.
CREATE TABLE "market_fits" (
	"make" text NOT NULL,
	"model" text NOT NULL,
	"basis" text NOT NULL,
	"listings" integer NOT NULL,
	"intercept" double precision,
	"age" double precision,
	"mileage" double precision,
	"condition" double precision,
	"sigma" double precision,
	CONSTRAINT "market_fits_make_model_pk" PRIMARY KEY("make","model"),
	CONSTRAINT "market_fits_basis_values" CHECK ("basis" in ('model', 'make'))
);
--> statement-breakpoint
CREATE TABLE "market_values" (
	"product_id" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL,
	"basis" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"comparables" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "market_values_value_positive" CHECK ("value" > 0),
	CONSTRAINT "market_values_basis_values" CHECK ("basis" in ('model', 'make', 'comparables'))
);
--> statement-breakpoint
-- Deleting a car deletes its value.
ALTER TABLE "market_values" ADD CONSTRAINT "market_values_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Change -1: older than any, so the first server to start values every car (and rates them
-- against their values instead of the medians the ratios held until now).
UPDATE "deal_ratios_state" SET "change" = -1 WHERE "id" = 1;
