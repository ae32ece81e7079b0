-- Alerts (issue 25). A notification is a booking's news or an alert: a saved search's new match,
-- a saved car's price drop, a saved car sold. An alert names its car (and saved search) and is
-- written once ever (the unique alert_key); how it is mailed follows its setting (mail: at once,
-- in the daily digest, or not). The triggers below queue what the matcher must look at
-- (alert_work), in the transaction that changed the car, whatever wrote it.
CREATE TABLE "alert_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"saved_cars" text DEFAULT 'instant' NOT NULL,
	"digest_day" text
);
--> statement-breakpoint
CREATE TABLE "alert_work" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"kind" text NOT NULL,
	"price_row_id" bigint,
	"price" bigint,
	"previous_price" bigint,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "saved_search_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "alert_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "digest_id" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "notify" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_cars" ADD COLUMN "alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_alert_key_idx" ON "notifications" USING btree ("alert_key") WHERE "notifications"."alert_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_digest_due_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."mail" = 'digest' and "notifications"."digest_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_pending_alert_idx" ON "outbox" USING btree ("ref","user_id") WHERE "outbox"."kind" = 'alert' and "outbox"."sent_at" is null and "outbox"."given_up_at" is null;--> statement-breakpoint
-- A car listed, or its price changed: the price_history rows (0016) say which, with the prices.
-- Nothing is queued while nobody could be alerted (a seed's bulk insert with no saved searches).
CREATE FUNCTION "alert_work_after_price"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "saved_searches") OR EXISTS (SELECT 1 FROM "saved_cars") THEN
    INSERT INTO "alert_work" ("product_id", "kind", "price_row_id", "price", "previous_price")
      SELECT "product_id", CASE WHEN "previous_price" IS NULL THEN 'listed' ELSE 'price' END,
             "id", "price", "previous_price"
        FROM "new_rows";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alert_work_price" AFTER INSERT ON "price_history"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "alert_work_after_price"();
--> statement-breakpoint
-- A car sold (its sold_at set): the people who saved it are told.
CREATE FUNCTION "alert_work_after_sold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "alert_work" ("product_id", "kind")
    SELECT n."id", 'sold' FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE n."sold_at" IS NOT NULL AND o."sold_at" IS NULL
        AND EXISTS (SELECT 1 FROM "saved_cars" s WHERE s."product_id" = n."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "alert_work_sold" AFTER UPDATE ON "products"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "alert_work_after_sold"();
--> statement-breakpoint
-- A notification's mail (0014), and now an alert's: mailed at once, one waiting mail per target
-- and account (later alerts of it fold into it, as messages do); in the digest or not at all, no
-- mail now. Every notification is heard live by its account.
CREATE OR REPLACE FUNCTION "notifications_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "recipient" text;
  "mail_kind" text;
  "message" text := NEW.message_id;
BEGIN
  "recipient" := NEW.user_id;
  IF NEW.alert_key IS NOT NULL THEN
    IF NEW.mail = 'now' THEN
      INSERT INTO outbox AS o (id, to_email, kind, ref, message_ids, user_id)
        VALUES (NEW.id, NEW.user_email, 'alert',
                COALESCE(NEW.saved_search_id, 'car:' || NEW.product_id), ARRAY[NEW.id], "recipient")
        ON CONFLICT (ref, user_id) WHERE kind = 'alert' AND sent_at IS NULL AND given_up_at IS NULL
        DO UPDATE SET message_ids = o.message_ids || excluded.message_ids;
    END IF;
  ELSIF NEW.kind = 'message' THEN
    IF "message" IS NULL THEN
      SELECT id INTO "message" FROM messages
        WHERE order_id = NEW.order_id AND sender_id IS DISTINCT FROM NEW.user_id
        ORDER BY created_at DESC, id DESC LIMIT 1;
    END IF;
    INSERT INTO outbox AS o (id, to_email, kind, ref, message_ids, user_id)
      VALUES (NEW.id, NEW.user_email, 'message', NEW.order_id,
              CASE WHEN "message" IS NULL THEN ARRAY[]::text[] ELSE ARRAY["message"] END, "recipient")
      ON CONFLICT (ref, to_email) WHERE kind = 'message' AND sent_at IS NULL AND given_up_at IS NULL
      DO UPDATE SET message_ids = o.message_ids || excluded.message_ids;
  ELSE
    SELECT CASE WHEN NEW.kind = 'booking' THEN 'requested' ELSE status END INTO "mail_kind"
      FROM orders WHERE id = NEW.order_id;
    INSERT INTO outbox (id, to_email, kind, ref, user_id)
      VALUES (NEW.id, NEW.user_email,
              CASE WHEN "mail_kind" IN ('requested', 'accepted', 'declined', 'cancelled', 'sold')
                   THEN "mail_kind" ELSE 'status' END,
              NEW.order_id, "recipient");
  END IF;
  PERFORM pg_notify('cardealer_events', json_build_object(
    'type', 'notification', 'to', NEW.user_id, 'orderId', NEW.order_id, 'kind', NEW.kind,
    'productId', NEW.product_id, 'savedSearchId', NEW.saved_search_id)::text);
  RETURN NULL;
END $$;
