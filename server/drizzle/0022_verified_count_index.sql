-- The total of a search of verified sellers' cars: it read every car for sale's seller (an
-- index-only scan of 100,000 entries, hashed against the 1,964 verified users) in 32–59 ms at
-- 100,000 cars on PostgreSQL (load 6 on 2 cores). With the cars for sale by seller, the planner
-- starts from the verified users and reads only their cars (39,369): 11–15 ms. The page itself
-- walks the newest-first index and stops early; this is for its count. Cars for sale only.
CREATE INDEX "products_for_sale_email_idx" ON "products" ("email") WHERE "sold_at" IS NULL;
