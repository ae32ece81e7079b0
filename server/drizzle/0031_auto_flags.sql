-- Automatic flags (issue 26): a perceptual hash of every image the image host stores, found
-- again by an index, so a car's photos are compared with other sellers' without reading them.
-- "hash" is a 64-bit difference hash (trust/photo-hash.ts); "bands" its 28 keys, one per pair
-- of its 8 bytes (pair * 65536 + the two bytes): two hashes at Hamming distance 6 or less have
-- 2 equal bytes, so they share a key; the GIN index on "bands" finds every candidate and the
-- distance is checked on those alone.
CREATE TABLE "image_hashes" (
	"image" text PRIMARY KEY NOT NULL,
	"hash" bigint NOT NULL,
	"bands" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "image_hashes_bands_idx" ON "image_hashes" USING gin ("bands");
--> statement-breakpoint
-- The image host's pictures (their content hash) among a car's photos, whatever origin the URL
-- names; never the app's own pictures under /images/.
CREATE FUNCTION "photo_images"("photos" text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(m[1]), '{}'::text[])
  FROM unnest("photos") AS u, regexp_match(u, '/image-host/i/([0-9a-f]{64})\.(jpg|png|webp|gif)$') AS m
  WHERE m IS NOT NULL
$$;
--> statement-breakpoint
CREATE INDEX "products_photo_images_idx" ON "products" USING gin (photo_images("photos"));
