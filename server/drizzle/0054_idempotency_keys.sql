-- The answers of writes sent with an Idempotency-Key (a booking, a booking's message): one row per
-- account, route and key, written in the transaction of the write it answers, so that a repeat of
-- the request (a retry after a lost answer or a 503) answers the stored status and body and writes
-- nothing. The primary key settles two requests with one key at the same moment: the second waits
-- for the first's transaction and then finds its answer. A row older than 24 hours is forgotten
-- (swept as keys are claimed, and a key that old may be used again).
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" smallint,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","route","key")
);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" ("created_at");
