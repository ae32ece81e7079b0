-- A seller's business (account settings' 'Dealer profile'): its name, street address and ZIP code
-- (placed as cars are), phone, opening hours (schema.org's form: 'Mo-Fr 09:00-18:00, Sa
-- 10:00-14:00') and website. One per account, gone with it. A seller with one is a dealer, any
-- other a private seller.
CREATE TABLE "dealer_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text NOT NULL,
	"hours" text,
	"website" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_profiles" ADD CONSTRAINT "dealer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The search's seller type is a join, not a copy on every car: the dealers are a few thousand
-- accounts, so a search hashes their e-mails once and tests each car it reads against them (a
-- dealer's count may start from the dealers and read their cars by products_for_sale_email_idx,
-- as the verified filter's does); a copy on the cars would rewrite all of a dealer's cars, with
-- their triggers, whenever a profile is added or removed. A profile added, changed or removed
-- shows on the cached cars' answers: every replica is told, as a seller's new name is.
CREATE TRIGGER "dealer_profiles_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "dealer_profiles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
--> statement-breakpoint
-- A saved search's seller type: 'dealer' or 'private' (null: any), as GET /products' sellerType.
ALTER TABLE "saved_searches" ADD COLUMN "seller_type" text;
