-- Saved cars (issue #25): an account's hearts, by the account's id, gone with the account. The car
-- is kept as its id in plain text, with a copy of its name, photo and price when saved: the row
-- outlives the car (the list says 'No longer listed'). The product-id index finds who saved a car.
CREATE TABLE "saved_cars" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"car_name" text NOT NULL,
	"car_photo" text NOT NULL,
	"saved_price" double precision NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cars_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "saved_cars" ADD CONSTRAINT "saved_cars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_cars_product_idx" ON "saved_cars" USING btree ("product_id");