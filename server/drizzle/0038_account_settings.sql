-- An account's own phone number (account settings): shown only to the other party of an
-- accepted booking; null: not given.
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
-- A seller's name and photo show on their cars' answers (the `seller` block), which the
-- catalogue cache keeps: a change of either tells every replica, as a verification does.
DROP TRIGGER "users_catalogue_change" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_catalogue_change" AFTER UPDATE OF "user_verify", "name", "user_img" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_change"();
--> statement-breakpoint
-- A renamed account's messages take its new name (conversations show each message's sender name).
CREATE INDEX "messages_sender_idx" ON "messages" ("sender_id");
