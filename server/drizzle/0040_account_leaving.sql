-- Signing out everywhere: the account's API access tokens issued before this time are refused
-- (every replica compares it with the token's issue time when it reads the caller's record).
ALTER TABLE "users" ADD COLUMN "tokens_valid_after" timestamp with time zone;
--> statement-breakpoint
-- A deleted account: as before (its open bookings as a buyer cancelled, the seller told; in every
-- booking and message it shows as 'Deleted user', without e-mail, phone and meeting place; its
-- sign-in account remembered as deleted; every replica told to close its streams), and now its
-- reviews stay, signed 'Deleted user' too.
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
  UPDATE reviews SET buyer_name = 'Deleted user' WHERE buyer_id = OLD.id;
  IF OLD.auth_uid IS NOT NULL THEN
    INSERT INTO deleted_accounts (auth_uid) VALUES (OLD.auth_uid) ON CONFLICT DO NOTHING;
  END IF;
  PERFORM pg_notify('cardealer_events', json_build_object(
    'type', 'account-deleted', 'userId', OLD.id, 'uid', OLD.auth_uid)::text);
  RETURN OLD;
END $$;
