CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"sender_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_email" text NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_buyer_email_users_email_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
-- Bookings made before this migration: requested, with the seller copied from the car and a
-- history of one step. A buyer's repeated bookings of one car (possible until now) keep the
-- newest open; the older ones are cancelled, so the one-open-booking rule holds from here on.
UPDATE "orders" o SET "seller_email" = p."email", "seller_name" = p."seller_name"
  FROM "products" p WHERE p."id" = o."product_id";--> statement-breakpoint
UPDATE "orders" SET "history" = jsonb_build_array(jsonb_build_object('status', 'requested', 'at', to_char("created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')));--> statement-breakpoint
UPDATE "orders" SET "status" = 'cancelled',
    "history" = "history" || jsonb_build_array(jsonb_build_object('status', 'cancelled', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
  WHERE "id" IN (SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "buyer_email", "product_id" ORDER BY "created_at" DESC, "id" DESC) AS "rn"
    FROM "orders") AS "d" WHERE "d"."rn" > 1);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_order_created_idx" ON "messages" USING btree ("order_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_email","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_email") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_email","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_buyer_car" ON "orders" USING btree ("buyer_email","product_id") WHERE "orders"."status" in ('requested', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_sold_per_car" ON "orders" USING btree ("product_id") WHERE "orders"."status" = 'sold';--> statement-breakpoint
-- Every notification is also an e-mail (written in the same transaction) and a live event for
-- the replicas' streams (delivered by NOTIFY when the transaction commits).
CREATE FUNCTION "notifications_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO outbox (id, to_email, subject, body)
    VALUES (NEW.id, NEW.user_email, 'CarDealer: ' || NEW.text,
            NEW.text || E'\n\nOpen the booking: /dashboad/orders/' || NEW.order_id || E'\n');
  PERFORM pg_notify('cardealer_events', json_build_object(
    'type', 'notification', 'to', NEW.user_email, 'orderId', NEW.order_id, 'kind', NEW.kind)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_insert" AFTER INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "notifications_after_insert"();
--> statement-breakpoint
-- History is never deleted with a car or an account: a removed car's open bookings are declined,
-- a removed buyer's open bookings cancelled, and the other party is told.
CREATE FUNCTION "orders_on_car_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "declined" AS (
    UPDATE orders SET status = 'declined', reason = 'The car was removed',
        history = history || jsonb_build_array(jsonb_build_object('status', 'declined', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      WHERE product_id = OLD.id AND status IN ('requested', 'accepted')
      RETURNING id, buyer_email, product_name)
  INSERT INTO notifications (id, user_email, order_id, kind, text)
    SELECT gen_random_uuid()::text, buyer_email, id, 'status',
           'Your booking of ' || product_name || ' was declined: The car was removed'
    FROM "declined";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_delete_orders" BEFORE DELETE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "orders_on_car_removed"();
--> statement-breakpoint
CREATE FUNCTION "orders_on_buyer_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "cancelled" AS (
    UPDATE orders SET status = 'cancelled',
        history = history || jsonb_build_array(jsonb_build_object('status', 'cancelled', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      WHERE buyer_email = OLD.email AND status IN ('requested', 'accepted')
      RETURNING id, seller_email, product_name, buyer_name)
  INSERT INTO notifications (id, user_email, order_id, kind, text)
    SELECT gen_random_uuid()::text, seller_email, id, 'status',
           buyer_name || ' cancelled the booking of ' || product_name
    FROM "cancelled" WHERE seller_email <> '';
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_delete_orders" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "orders_on_buyer_removed"();
--> statement-breakpoint
-- The category counts are of cars for sale: a sold car leaves them.
CREATE OR REPLACE FUNCTION "product_counts_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (category_name, condition, n)
    SELECT category_name, condition, count(*)::int FROM new_rows WHERE sold_at IS NULL GROUP BY 1, 2
    ON CONFLICT (category_name, condition) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts AS c SET n = c.n - d.k
    FROM (SELECT category_name, condition, count(*)::int AS k FROM old_rows
          WHERE sold_at IS NULL GROUP BY 1, 2) AS d
    WHERE c.category_name = d.category_name AND c.condition = d.condition;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "product_counts_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (category_name, condition, n)
    SELECT category_name, condition, sum(k)::int FROM (
      SELECT category_name, condition, 1 AS k FROM new_rows WHERE sold_at IS NULL
      UNION ALL
      SELECT category_name, condition, -1 AS k FROM old_rows WHERE sold_at IS NULL
    ) AS t
    GROUP BY 1, 2 HAVING sum(k) <> 0
    ON CONFLICT (category_name, condition) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
