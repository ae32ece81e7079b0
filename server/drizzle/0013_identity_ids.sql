CREATE TABLE "deleted_accounts" (
	"auth_uid" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_buyer_email_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
DROP INDEX "orders_seller_created_idx";--> statement-breakpoint
DROP INDEX "orders_one_open_per_buyer_car";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auth_uid" text;--> statement-breakpoint
-- Rows made before this migration: a row belongs to the account with its e-mail only when it is
-- newer than that account (an older row was an earlier account's with the same e-mail, deleted
-- since); otherwise its id stays empty and no account finds it.
UPDATE "orders" o SET "buyer_id" = u."id" FROM "users" u
  WHERE u."email" = o."buyer_email" AND o."created_at" >= u."created_at";--> statement-breakpoint
UPDATE "orders" o SET "seller_id" = u."id" FROM "users" u
  WHERE u."email" = o."seller_email" AND o."created_at" >= u."created_at";--> statement-breakpoint
UPDATE "messages" m SET "sender_id" = u."id" FROM "users" u
  WHERE u."email" = m."sender_email" AND m."created_at" >= u."created_at";--> statement-breakpoint
UPDATE "notifications" n SET "user_id" = u."id" FROM "users" u
  WHERE u."email" = n."user_email" AND n."created_at" >= u."created_at";--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_auth_uid_idx" ON "users" USING btree ("auth_uid") WHERE "users"."auth_uid" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_per_buyer_car" ON "orders" USING btree ("buyer_id","product_id") WHERE "orders"."status" in ('requested', 'accepted');--> statement-breakpoint
-- A removed car's open bookings are declined and their buyers told, by id: a booking whose buyer
-- is gone (or older than the account with its e-mail) tells nobody.
CREATE OR REPLACE FUNCTION "orders_on_car_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "declined" AS (
    UPDATE orders SET status = 'declined', reason = 'The car was removed',
        history = history || jsonb_build_array(jsonb_build_object('status', 'declined', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      WHERE product_id = OLD.id AND status IN ('requested', 'accepted')
      RETURNING id, buyer_id, buyer_email, product_name)
  INSERT INTO notifications (id, user_id, user_email, order_id, kind, text)
    SELECT gen_random_uuid()::text, buyer_id, buyer_email, id, 'status',
           'Your booking of ' || product_name || ' was declined: The car was removed'
    FROM "declined" WHERE buyer_id IS NOT NULL;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- A deleted account: its open bookings as a buyer are cancelled (the seller is told), then in
-- every booking and message it shows as 'Deleted user', without e-mail, phone and meeting place
-- (the other party keeps the booking). Its sign-in account is remembered as deleted, and every
-- replica is told to close its event streams.
CREATE OR REPLACE FUNCTION "orders_on_buyer_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "cancelled" AS (
    UPDATE orders SET status = 'cancelled',
        history = history || jsonb_build_array(jsonb_build_object('status', 'cancelled', 'at', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      WHERE buyer_id = OLD.id AND status IN ('requested', 'accepted')
      RETURNING id, seller_id, seller_email, product_name, buyer_name)
  INSERT INTO notifications (id, user_id, user_email, order_id, kind, text)
    SELECT gen_random_uuid()::text, seller_id, seller_email, id, 'status',
           buyer_name || ' cancelled the booking of ' || product_name
    FROM "cancelled" WHERE seller_id IS NOT NULL;
  -- The ids are emptied here, not left to the foreign keys: the deletion of the
  -- user's cars (cascading) updates the same bookings, which would still name this user.
  UPDATE orders SET buyer_name = 'Deleted user', buyer_email = '', phone = '', meet_location = '',
      buyer_id = NULL
    WHERE buyer_id = OLD.id;
  UPDATE orders SET seller_name = 'Deleted user', seller_email = '', seller_id = NULL
    WHERE seller_id = OLD.id;
  UPDATE messages SET sender_name = 'Deleted user', sender_email = '', sender_id = NULL
    WHERE sender_id = OLD.id;
  IF OLD.auth_uid IS NOT NULL THEN
    INSERT INTO deleted_accounts (auth_uid) VALUES (OLD.auth_uid) ON CONFLICT DO NOTHING;
  END IF;
  PERFORM pg_notify('cardealer_events', json_build_object(
    'type', 'account-deleted', 'userId', OLD.id, 'uid', OLD.auth_uid)::text);
  RETURN OLD;
END $$;
