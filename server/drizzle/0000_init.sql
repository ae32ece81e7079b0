CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"image" text NOT NULL,
	"rating" double precision NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_category_name_unique" UNIQUE("category_name")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_email" text NOT NULL,
	"product_name" text NOT NULL,
	"product_price" double precision NOT NULL,
	"phone" text NOT NULL,
	"meet_location" text NOT NULL,
	"product_id" text NOT NULL,
	"car_image" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"car_name" text NOT NULL,
	"car_photo" text NOT NULL,
	"category_name" text NOT NULL,
	"condition" text NOT NULL,
	"original_price" double precision NOT NULL,
	"resale_price" double precision NOT NULL,
	"product_location" text NOT NULL,
	"user_years" double precision NOT NULL,
	"post_time" text NOT NULL,
	"product_description" text NOT NULL,
	"seller_name" text NOT NULL,
	"seller_photo" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"advertisement" text DEFAULT 'false' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"user_role" text NOT NULL,
	"user_img" text DEFAULT '' NOT NULL,
	"user_verify" text DEFAULT 'false' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE INDEX "orders_buyer_email_idx" ON "orders" USING btree ("buyer_email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_product_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_name","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "products_email_idx" ON "products" USING btree ("email");--> statement-breakpoint
CREATE INDEX "products_advertised_idx" ON "products" USING btree ("created_at" DESC NULLS LAST) WHERE "products"."advertisement" = 'true';