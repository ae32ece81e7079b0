-- Trust between strangers (issue 26): reviews of sellers by the buyers of sold bookings, reports
-- and automatic flags, the moderators' audit log, hidden cars and suspended accounts.
CREATE TABLE "moderation_actions" (
	"id" text PRIMARY KEY NOT NULL,
	"admin_id" text NOT NULL,
	"admin_name" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" text PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "reports_details_length" CHECK (char_length("reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"seller_id" text,
	"buyer_id" text,
	"buyer_name" text NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "reviews_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_text_length" CHECK (char_length("reviews"."text") between 10 and 2000),
	CONSTRAINT "reviews_reply_length" CHECK (char_length("reviews"."reply") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspend_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_kind","target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter_idx" ON "reports" USING btree ("reporter_id","target_kind","target_id") WHERE "reports"."closed_at" is null and "reports"."reporter_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_flag_idx" ON "reports" USING btree ("reason","target_kind","target_id") WHERE "reports"."closed_at" is null and "reports"."reporter_id" is null;--> statement-breakpoint
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target_kind","target_id","created_at") WHERE "reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "reports_target_created_idx" ON "reports" USING btree ("target_kind","target_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_seller_created_idx" ON "reviews" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "reviews"."hidden_at" is null;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hidden_reason" CHECK ("hidden" IN ('moderation', 'suspension', 'pending'));
--> statement-breakpoint
-- A seller's rating is stored, never computed per request: the count and the sum of the stars of
-- their visible reviews, kept here whatever writes a review or hides one.
CREATE FUNCTION "reviews_keep_rating"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.hidden_at IS NULL AND OLD.seller_id IS NOT NULL THEN
    UPDATE users SET review_count = review_count - 1, review_sum = review_sum - OLD.rating
      WHERE id = OLD.seller_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL AND NEW.seller_id IS NOT NULL THEN
    UPDATE users SET review_count = review_count + 1, review_sum = review_sum + NEW.rating
      WHERE id = NEW.seller_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reviews_keep_rating" AFTER INSERT OR DELETE OR UPDATE OF "hidden_at", "rating", "seller_id"
  ON "reviews" FOR EACH ROW EXECUTE FUNCTION "reviews_keep_rating"();
--> statement-breakpoint
-- The audit log is append-only: no UPDATE or DELETE, whoever asks.
CREATE FUNCTION "moderation_actions_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'moderation_actions is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "moderation_actions_append_only" BEFORE UPDATE OR DELETE ON "moderation_actions"
  FOR EACH ROW EXECUTE FUNCTION "moderation_actions_append_only"();
--> statement-breakpoint
-- The notices of issue 26 (a review, a reply, a moderator's decision, a report decided) are mailed
-- as they read: an outbox row of kind 'notice' naming the notification.
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
  ELSIF NEW.kind IN ('review', 'review_reply', 'moderation', 'report_decided') THEN
    INSERT INTO outbox (id, to_email, kind, ref, user_id)
      VALUES (NEW.id, NEW.user_email, 'notice', NEW.id, "recipient");
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
