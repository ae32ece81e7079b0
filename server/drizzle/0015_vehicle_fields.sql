-- A car's vehicle data (issue 24): VIN, model, model year, trim, body, fuel, transmission, drive,
-- colour, mileage and owners. Every column is nullable: the cars posted before them keep working
-- and answer null ('—' on their pages); the API takes each as optional, so the spec's POST
-- /category payload still posts a car. The make is the category. Adding nullable columns (and a
-- boolean with a constant default) rewrites no row; the CHECKs read the table once.
ALTER TABLE "products"
  ADD COLUMN "vin" text,
  ADD COLUMN "model" text,
  ADD COLUMN "model_year" integer,
  ADD COLUMN "trim" text,
  ADD COLUMN "body_style" text,
  ADD COLUMN "fuel" text,
  ADD COLUMN "transmission" text,
  ADD COLUMN "drive" text,
  ADD COLUMN "exterior_color" text,
  ADD COLUMN "mileage" integer,
  ADD COLUMN "owners" integer,
  ADD COLUMN "vin_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The API checks each field and names it in a 400; these hold whatever writes the table (a
-- script, a later route). The model year's upper bound is the API's (next year); 2100 here.
ALTER TABLE "products" ADD CONSTRAINT "products_vin_form" CHECK ("products"."vin" ~ '^[A-HJ-NPR-Z0-9]{17}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_model_year_range" CHECK ("products"."model_year" between 1900 and 2100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mileage_range" CHECK ("products"."mileage" between 0 and 1000000);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_owners_range" CHECK ("products"."owners" between 0 and 99);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_body_style_values" CHECK ("products"."body_style" in ('Sedan', 'Coupe', 'Convertible', 'Hatchback', 'Wagon', 'SUV', 'Pickup', 'Van', 'Other'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_fuel_values" CHECK ("products"."fuel" in ('Gasoline', 'Diesel', 'Electric', 'Hybrid', 'Plug-in hybrid', 'Other'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_transmission_values" CHECK ("products"."transmission" in ('Automatic', 'Manual'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_drive_values" CHECK ("products"."drive" in ('FWD', 'RWD', 'AWD', '4WD'));--> statement-breakpoint
-- A seller lists one car once while it is for sale: of two posts of the same VIN at the same
-- moment the index lets one in and the other gets 409 'You already listed this car'. A sold car
-- leaves the index, so the car can be listed again (bought back, say).
CREATE UNIQUE INDEX "products_seller_vin_for_sale_idx" ON "products" USING btree ("email","vin") WHERE "products"."vin" is not null and "products"."sold_at" is null;--> statement-breakpoint
-- Finds the other listings of a VIN (the shared-VIN mark below; moderation later).
CREATE INDEX "products_vin_idx" ON "products" USING btree ("vin") WHERE "products"."vin" is not null;--> statement-breakpoint
-- Another seller's live listing of the same VIN is allowed (refusing it would let anyone block
-- a real owner by listing their VIN first) but both cars are marked, for moderation to look at.
-- The mark is set when a car is posted with a VIN or given one, on it and on the other sellers'
-- live listings of that VIN, and stays until moderation clears it (a sale or deletion of the
-- other car does not clear it). A transaction lock per VIN makes two posts at the same moment
-- take turns, so the second sees the first and both are marked; it is taken before the row is
-- written, and a sale (which writes sold_at) never takes it, so the lock and row locks cannot
-- wait on each other in a circle.
CREATE FUNCTION "products_mark_shared_vin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.vin IS NULL OR (TG_OP = 'UPDATE' AND NEW.vin IS NOT DISTINCT FROM OLD.vin) THEN
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('products.vin'), hashtext(NEW.vin));
  -- Each statement below sees what the lock's previous holder committed.
  UPDATE products SET vin_shared = true
    WHERE vin = NEW.vin AND email <> NEW.email AND sold_at IS NULL AND id <> NEW.id
      AND NOT vin_shared;
  IF NEW.sold_at IS NULL AND EXISTS (
    SELECT 1 FROM products
      WHERE vin = NEW.vin AND email <> NEW.email AND sold_at IS NULL AND id <> NEW.id
  ) THEN
    NEW.vin_shared := true;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_mark_shared_vin" BEFORE INSERT OR UPDATE OF "vin" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_mark_shared_vin"();
