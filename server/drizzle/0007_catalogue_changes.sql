CREATE TABLE "catalogue_replicas" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_change" bigint DEFAULT 0 NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Numbers the catalogue's changes (gaps from rolled-back transactions do no harm).
CREATE SEQUENCE "catalogue_change";
--> statement-breakpoint
-- Tells every replica (LISTEN cardealer_catalogue) that the catalogue changed, once the change
-- commits: their answer caches start again. Statement-level: one notice per statement.
CREATE FUNCTION "notify_catalogue_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cardealer_catalogue', nextval('catalogue_change')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_change" AFTER INSERT OR UPDATE OR DELETE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
--> statement-breakpoint
-- A seller's verification shows on their cars; a deleted seller's cars leave (the products
-- trigger fires for the cascade as well).
CREATE TRIGGER "users_catalogue_change" AFTER UPDATE OF "user_verify" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
