-- The alert matcher's indexes (issue 25): the saved searches a new car could match are read in
-- three parts, none read twice (alerts/candidates.ts): those naming its model (GIN of models),
-- those naming its make and no model (GIN of makes, searches without models only), and those
-- naming neither (their price ceilings).
DROP INDEX "saved_searches_makes_idx";--> statement-breakpoint
DROP INDEX "saved_searches_any_make_price_idx";--> statement-breakpoint
CREATE INDEX "saved_searches_models_idx" ON "saved_searches" USING gin ("models");--> statement-breakpoint
CREATE INDEX "saved_searches_makes_idx" ON "saved_searches" USING gin ("makes") WHERE "saved_searches"."models" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_any_make_price_idx" ON "saved_searches" USING btree ("max_price","min_price") WHERE "saved_searches"."makes" is null and "saved_searches"."models" is null;