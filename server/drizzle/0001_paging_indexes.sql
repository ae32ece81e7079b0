DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_email_idx";--> statement-breakpoint
CREATE INDEX "products_category_created_id_idx" ON "products" USING btree ("category_name","created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_name","resale_price","id");--> statement-breakpoint
CREATE INDEX "products_category_condition_idx" ON "products" USING btree ("category_name","condition","created_at","id");--> statement-breakpoint
CREATE INDEX "products_email_created_idx" ON "products" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("user_role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("user_role","name","id");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("user_role","email");