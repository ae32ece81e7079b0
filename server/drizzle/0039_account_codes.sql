-- A confirmed e-mail: the marketplace's mail that is not about a person's own booking (alerts,
-- digests, review and report notices) goes only to a confirmed address. Every account made
-- before this change counts as confirmed.
ALTER TABLE "users" ADD COLUMN "email_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "users" SET "email_confirmed" = true;--> statement-breakpoint
-- The codes the server mailed (a password reset, an e-mail confirmation) or the notice that an
-- account signs in with Google: a hash of each code, whose it is, when, and when it was used.
-- The sign-in provider's own codes never expire in the emulator: these rows say whether a link
-- still works (an hour, once).
CREATE TABLE "account_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"purpose" text NOT NULL CHECK ("purpose" IN ('reset', 'verify', 'google')),
	"code_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "account_codes_hash_idx" ON "account_codes" ("code_hash") WHERE "code_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "account_codes_user_idx" ON "account_codes" ("user_id", "purpose", "created_at");
