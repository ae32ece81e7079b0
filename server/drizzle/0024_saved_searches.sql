-- Saved searches (issue 25). The filters are columns too, for the matcher to come ("which saved
-- searches could match this car?" in one indexed query): the GIN index finds the searches naming
-- the car's make, the partial index those naming none by the car's price. The unique index keeps
-- one account from saving the same filters twice (two saves at once: one wins, one gets 409).
CREATE TABLE "saved_searches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"q" text,
	"makes" text[],
	"models" text[],
	"conditions" text[],
	"fuels" text[],
	"transmissions" text[],
	"body_styles" text[],
	"min_price" double precision,
	"max_price" double precision,
	"min_years" double precision,
	"max_years" double precision,
	"min_model_year" integer,
	"max_model_year" integer,
	"min_mileage" integer,
	"max_mileage" integer,
	"location" text,
	"verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_idx" ON "saved_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE INDEX "saved_searches_makes_idx" ON "saved_searches" USING gin ("makes");--> statement-breakpoint
CREATE INDEX "saved_searches_any_make_price_idx" ON "saved_searches" USING btree ("max_price","min_price") WHERE "saved_searches"."makes" is null;
