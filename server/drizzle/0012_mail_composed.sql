ALTER TABLE "outbox" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_ids" text[];--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "given_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_pending_message_idx" ON "outbox" USING btree ("ref","to_email") WHERE "outbox"."kind" = 'message' and "outbox"."sent_at" is null and "outbox"."given_up_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_message_sent_idx" ON "outbox" USING btree ("ref","to_email","sent_at") WHERE "outbox"."kind" = 'message' and "outbox"."sent_at" is not null;--> statement-breakpoint
-- The outbox only enqueues now: a mail's kind, its booking, its messages and its recipient. The
-- mail worker (server/src/deals/mail-worker.ts) composes subject, body and headers when it sends,
-- from the booking and the messages as they are then. A booking's move is its own mail, sent at
-- once; a message folds into the one mail waiting for that conversation and recipient, if there
-- is one (the worker sends it a moment after its first message, at most once per conversation,
-- recipient and window). Rows written before this migration keep their subject and body and no
-- kind, and are sent as they are.
CREATE OR REPLACE FUNCTION "notifications_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "recipient" text;
  "mail_kind" text;
  "message" text := NEW.message_id;
BEGIN
  SELECT id INTO "recipient" FROM users WHERE email = NEW.user_email;
  IF NEW.kind = 'message' THEN
    IF "message" IS NULL THEN
      -- A writer that did not name its message: the newest one the recipient did not write.
      SELECT id INTO "message" FROM messages
        WHERE order_id = NEW.order_id AND sender_email <> NEW.user_email
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
    'type', 'notification', 'to', NEW.user_email, 'orderId', NEW.order_id, 'kind', NEW.kind)::text);
  RETURN NULL;
END $$;
