-- A dealer's inventory imports: the import (its file, state, column matches, summary), each row's
-- dry-run result and what applying it writes, the stock numbers of the dealer's cars, and the
-- photos an import stored (so that a later import of the same file knows them).
CREATE TABLE IF NOT EXISTS "imports" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "state" text NOT NULL,
  "file_name" text NOT NULL,
  "csv" text NOT NULL,
  "delimiter" text NOT NULL,
  "photos_path" text,
  "mapping" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "columns" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "rows_total" integer NOT NULL DEFAULT 0,
  "rows_done" integer NOT NULL DEFAULT 0,
  "summary" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "allowance" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "whole_stock" boolean NOT NULL DEFAULT false,
  "error" text,
  "claimed_by" text,
  "heartbeat_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "finished_at" timestamp with time zone,
  CONSTRAINT "imports_state_values"
    CHECK ("state" IN ('checking', 'checked', 'applying', 'done', 'failed', 'discarded'))
);--> statement-breakpoint
-- One import at a time per dealer: at most one that is not finished.
CREATE UNIQUE INDEX IF NOT EXISTS "imports_one_open_idx" ON "imports" ("user_id")
  WHERE "state" IN ('checking', 'checked', 'applying');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "imports_user_created_idx" ON "imports" ("user_id", "created_at");--> statement-breakpoint
-- The jobs a process picks up at start: the dry runs and applies under way.
CREATE INDEX IF NOT EXISTS "imports_running_idx" ON "imports" ("state")
  WHERE "state" IN ('checking', 'applying');--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "import_rows" (
  "import_id" text NOT NULL REFERENCES "imports"("id") ON DELETE CASCADE,
  "row" integer NOT NULL,
  "result" text NOT NULL,
  "name" text,
  "vin" text,
  "stock_number" text,
  "price" double precision,
  "changes" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "field" text,
  "reason" text,
  "market_value" integer,
  "rating" text,
  "car" jsonb,
  "applied" boolean NOT NULL DEFAULT false,
  "product_id" text,
  PRIMARY KEY ("import_id", "row"),
  CONSTRAINT "import_rows_result_values"
    CHECK ("result" IN ('new', 'updated', 'unchanged', 'refused', 'over-allowance', 'removed'))
);--> statement-breakpoint
-- A dealer's stock number of a car (one car per stock number and dealer), gone with the car;
-- its dealer's address follows a change of e-mail, as the car's does.
CREATE TABLE IF NOT EXISTS "product_stock_numbers" (
  "product_id" text PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "email" text NOT NULL REFERENCES "users"("email") ON DELETE CASCADE ON UPDATE CASCADE,
  "stock_number" text NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "product_stock_numbers_seller_idx"
  ON "product_stock_numbers" ("email", "stock_number");--> statement-breakpoint
-- A photo an import stored, by its ZIP entry's CRC-32 and size: the same photo imported again
-- is known without decoding it.
CREATE TABLE IF NOT EXISTS "import_photos" (
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "crc32" bigint NOT NULL,
  "size" bigint NOT NULL,
  "url" text NOT NULL,
  PRIMARY KEY ("user_id", "crc32", "size")
);
