-- Each backup taken, as `npm run backup` records it (PGlite's dump or pgBackRest's backup): the
-- metrics' `cardealer_backup_age_seconds` is the time since the newest, on every replica.
CREATE TABLE IF NOT EXISTS "backups" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "taken_at" timestamp with time zone DEFAULT now() NOT NULL,
  "engine" text NOT NULL,
  "kind" text NOT NULL,
  "label" text NOT NULL,
  "bytes" bigint DEFAULT 0 NOT NULL
);
