-- The alert matcher looks saved searches up by place and model (issue 25): each search's keys,
-- written by the trigger below from its location, models and makes, and their GIN index, in
-- place of 0026's three indexes (which read every search of a car's model or make, wherever it
-- looks). A car's keys are each part of its location in lower case (and '', anywhere) with its
-- model, its make and 'any' (alerts/candidates.ts): a search the car passes has one of them,
-- because its location matches the car's exactly when it is a part of it in lower case (ILIKE).
DROP INDEX "saved_searches_models_idx";--> statement-breakpoint
DROP INDEX "saved_searches_makes_idx";--> statement-breakpoint
DROP INDEX "saved_searches_any_make_price_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_keys" text[];--> statement-breakpoint
CREATE FUNCTION "saved_searches_match_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "place" text := coalesce(lower(NEW.location), '');
BEGIN
  NEW.match_keys := CASE
    WHEN NEW.models IS NOT NULL THEN ARRAY(SELECT "place" || '|model|' || m FROM unnest(NEW.models) m)
    WHEN NEW.makes IS NOT NULL THEN ARRAY(SELECT "place" || '|make|' || m FROM unnest(NEW.makes) m)
    ELSE ARRAY["place" || '|any']
  END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "saved_searches_match_keys" BEFORE INSERT OR UPDATE ON "saved_searches"
  FOR EACH ROW EXECUTE FUNCTION "saved_searches_match_keys"();
--> statement-breakpoint
UPDATE "saved_searches" SET "match_keys" = NULL;--> statement-breakpoint
CREATE INDEX "saved_searches_match_keys_idx" ON "saved_searches" USING gin ("match_keys");
