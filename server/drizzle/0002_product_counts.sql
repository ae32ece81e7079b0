CREATE TABLE "product_counts" (
	"category_name" text NOT NULL,
	"condition" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_category_name_condition_pk" PRIMARY KEY("category_name","condition")
);
