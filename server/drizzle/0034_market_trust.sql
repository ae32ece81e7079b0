-- A seller's cars weigh in the market values by the account's history (catalogue/market-trust.ts):
-- a new account's little, until it is 30 days old, verified by an admin, or sells a car. Age is
-- seen by the refresh itself; the other two are writes to accounts and bookings, not to cars,
-- so these triggers count a change of every make the seller has cars of (market_make_changes,
-- migration 0032), and the next refresh values those makes again.
CREATE FUNCTION "market_seller_makes_follow"("seller_email" text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO market_make_changes AS c (make, version)
    SELECT DISTINCT category_name, 1 FROM products WHERE email = "seller_email" ORDER BY 1
    ON CONFLICT (make) DO UPDATE SET version = c.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION "market_seller_verified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_seller_makes_follow(NEW.email);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_market_verified" AFTER UPDATE OF "user_verify" ON "users"
  FOR EACH ROW WHEN (NEW.user_verify IS DISTINCT FROM OLD.user_verify)
  EXECUTE FUNCTION "market_seller_verified"();
--> statement-breakpoint
CREATE FUNCTION "market_seller_sold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_seller_makes_follow(u.email) FROM users u WHERE u.id = NEW.seller_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_market_sold" AFTER UPDATE OF "status" ON "orders"
  FOR EACH ROW WHEN (NEW.status = 'sold' AND OLD.status IS DISTINCT FROM 'sold')
  EXECUTE FUNCTION "market_seller_sold"();
