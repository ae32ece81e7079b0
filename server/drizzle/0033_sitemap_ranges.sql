-- The sitemap files' ranges each index published, and when last: a range's address answers for
-- a day after an index last listed it (a crawler reads the index, then its files, perhaps hours
-- later), and a range no index listed is a 404 rather than a pass over the cars. An open end
-- is ''. Shared by every replica: the index one replica serves is good on every other.
CREATE TABLE "sitemap_ranges" (
	"kind" text NOT NULL,
	"range_from" text NOT NULL,
	"range_to" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sitemap_ranges_pkey" PRIMARY KEY("kind","range_from","range_to")
);
