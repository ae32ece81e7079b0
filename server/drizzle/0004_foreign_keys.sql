-- The relations the repositories kept by hand, declared so the database keeps them: deleting a
-- car deletes the bookings on it; deleting a user deletes their cars and their bookings. Rows
-- that already broke that rule (left by a delete that did not finish) are removed first, as the
-- repositories' own delete would have.
DELETE FROM "orders" o WHERE NOT EXISTS (SELECT 1 FROM "products" p WHERE p."id" = o."product_id")
  OR NOT EXISTS (SELECT 1 FROM "users" u WHERE u."email" = o."buyer_email");--> statement-breakpoint
DELETE FROM "products" p WHERE NOT EXISTS (SELECT 1 FROM "users" u WHERE u."email" = p."email");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_email_users_email_fk" FOREIGN KEY ("buyer_email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_email_users_email_fk" FOREIGN KEY ("email") REFERENCES "public"."users"("email") ON DELETE cascade ON UPDATE no action;