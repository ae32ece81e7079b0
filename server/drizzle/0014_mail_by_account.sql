-- The outbox finds a mail's recipient by the notification's account id (notifications.user_id,
-- migration 0013) instead of by e-mail, and a message's sender by id: an e-mail freed by a deleted
-- account and signed up again belongs to someone else. A live notification names its account by id
-- too (the streams subscribe by id). The mail worker gives up a composed mail
-- whose account was deleted before it was sent (its user_id emptied by the foreign key).
CREATE OR REPLACE FUNCTION "notifications_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "recipient" text;
  "mail_kind" text;
  "message" text := NEW.message_id;
BEGIN
  -- The recipient is the notification's account (0013), never whoever has that e-mail now.
  "recipient" := NEW.user_id;
  IF NEW.kind = 'message' THEN
    IF "message" IS NULL THEN
      -- A writer that did not name its message: the newest one the recipient did not write.
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
    -- The booking's state as this transaction left it: the move just made.
    SELECT CASE WHEN NEW.kind = 'booking' THEN 'requested' ELSE status END INTO "mail_kind"
      FROM orders WHERE id = NEW.order_id;
    INSERT INTO outbox (id, to_email, kind, ref, user_id)
      VALUES (NEW.id, NEW.user_email,
              CASE WHEN "mail_kind" IN ('requested', 'accepted', 'declined', 'cancelled', 'sold')
                   THEN "mail_kind" ELSE 'status' END,
              NEW.order_id, "recipient");
  END IF;
  PERFORM pg_notify('cardealer_events', json_build_object(
    'type', 'notification', 'to', NEW.user_id, 'orderId', NEW.order_id, 'kind', NEW.kind)::text);
  RETURN NULL;
END $$;
