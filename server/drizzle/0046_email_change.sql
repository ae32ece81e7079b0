-- A change of e-mail: the seller's cars follow their account's new address in the transaction
-- that changes it (the key their `email` points at moves with it).
ALTER TABLE "products" DROP CONSTRAINT "products_email_users_email_fk";--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_email_users_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The codes of a change of e-mail: the confirmation the new address gets (an hour) and the undo
-- link the old one gets (7 days), each with the address it is about.
ALTER TABLE "account_codes" DROP CONSTRAINT "account_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "account_codes" ADD CONSTRAINT "account_codes_purpose_check" CHECK ("purpose" IN ('reset', 'verify', 'google', 'email_change', 'email_undo'));--> statement-breakpoint
ALTER TABLE "account_codes" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "account_codes_address_idx" ON "account_codes" ("address", "purpose", "created_at") WHERE "address" IS NOT NULL;--> statement-breakpoint
-- Booking and message e-mails, on unless the account turns them off (the bell has them either way).
ALTER TABLE "users" ADD COLUMN "booking_mails" boolean DEFAULT true NOT NULL;
