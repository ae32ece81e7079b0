/**
 * `bench:value`'s attack case: six new sellers post three cars each of the rarest valued model's
 * make, model and year at 45 % of an established seller's car's value (within a few %), as
 * outside testers did to the demo Model 3; the refresh values that car again. Measured with the
 * market trust rules (DEFAULT_MARKET_TRUST) and, for comparison, weighing every seller fully.
 * Goal: the established car's value moves by 5 % at most. The attack's cars and accounts are
 * deleted afterwards and the values refreshed back.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/src/platform/db/client';
import { products, users } from '../server/src/platform/db/schema';
import { refreshMarketValues } from '../server/src/valuation/market-refresh';
import { DEFAULT_MARKET_TRUST, type MarketTrust } from '../server/src/valuation/market-trust';
import { rowsOf } from './lib';

export const ATTACK_GOAL = 0.05;
const SELLERS = 6;
const CARS_EACH = 3;
const SHARE = 0.45;
/** Every seller weighed fully: the valuation before the market trust rules. */
const UNGUARDED: MarketTrust = { ...DEFAULT_MARKET_TRUST, establishedDays: 0, sellerCars: 0 };

interface Target {
  id: string;
  make: string;
  model: string;
  modelYear: number;
  mileage: number;
  condition: 'Excellent' | 'Good' | 'Fair';
  value: number;
  listings: number;
}

export interface AttackResult {
  target: Target;
  price: number;
  guarded: number;
  unguarded: number;
}

const valueOf = async (db: Db, id: string) =>
  Number(
    (
      await rowsOf<{ value: number }>(
        db,
        sql`select value from market_values
    where product_id = ${id}`,
      )
    )[0]?.value ?? NaN,
  );

/** Values `make` again (its recorded version made stale) under `trust`. */
async function revalue(db: Db, make: string, year: number, trust: MarketTrust) {
  await db.execute(sql`update market_make_refreshed set version = -1 where make = ${make}`);
  await refreshMarketValues(db, year, trust);
}

/** Runs the attack on the rarest model with a rated value and an established seller. */
export async function valueAttack(db: Db, year: number): Promise<AttackResult | null> {
  const [target] = await rowsOf<Target>(
    db,
    sql`select p.id, p.category_name as make, p.model, p.model_year as "modelYear",
        p.mileage, p.condition, v.value, f.listings
      from products p
      join market_values v on v.product_id = p.id
      join market_fits f on f.make = v.make and f.model = v.model
      join product_deals d on d.product_id = p.id and d.ratio <> 'Infinity'
      join users u on u.email = p.email
      where p.sold_at is null and p.hidden is null and f.listings >= 5
        and u.created_at < now() - interval '60 days'
      order by f.listings, p.id limit 1`,
  );
  if (!target) return null;
  const price = Math.round(Number(target.value) * SHARE);
  const attackers = Array.from({ length: SELLERS }, (_, i) => ({
    _id: `bench-attacker-${i}`,
    name: `New seller ${i}`,
    email: `bench-attacker-${i}@example.com`,
    userRole: 'Seller' as const,
  }));
  await db.insert(users).values(attackers).onConflictDoNothing();
  const cars = attackers.flatMap((seller, s) =>
    Array.from({ length: CARS_EACH }, (_, c) => {
      const k = s * CARS_EACH + c;
      return {
        _id: `bench-attack-${k}`,
        carName: `${target.modelYear} ${target.make} ${target.model}`,
        carPhoto: '/images/cars/car-01.svg',
        categoryName: target.make,
        condition: target.condition,
        originalPrice: price * 2,
        // $15,000 to $16,700 on a $37,000 car: 45 % to 50 %.
        resalePrice: Math.round(price * (1 + 0.006 * k)),
        productLocation: 'Austin, TX',
        userYears: Math.max(0, year - target.modelYear),
        postTime: 'today',
        productDescription: 'A car.',
        sellerName: seller.name,
        email: seller.email,
        model: target.model,
        modelYear: target.modelYear,
        mileage: target.mileage + 1_000 * k,
      };
    }),
  );
  await db.insert(products).values(cars);
  try {
    await refreshMarketValues(db, year, DEFAULT_MARKET_TRUST);
    const guarded = await valueOf(db, target.id);
    await revalue(db, target.make, year, UNGUARDED);
    const unguarded = await valueOf(db, target.id);
    return { target: { ...target, value: Number(target.value) }, price, guarded, unguarded };
  } finally {
    await db.execute(sql`delete from products where id like 'bench-attack-%'`);
    await db.execute(sql`delete from users where id like 'bench-attacker-%'`);
    await revalue(db, target.make, year, DEFAULT_MARKET_TRUST);
  }
}
