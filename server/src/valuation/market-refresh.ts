/**
 * Computes the market values again and stores them: the fits per model and
 * make (`market_fits`), each car's value and basis (`market_values`), and its ratio price ÷
 * value (`product_deals`, whose index the `deal` sort pages by; Infinity when not rated), for
 * the makes whose cars changed since their last valuation (`market_make_changes`). One replica at a
 * time (an advisory lock), in one transaction; only the rows that changed are written. A car's
 * stored value is kept while the fit moves it by less than KEEP_WITHIN (so one new 3 Series
 * does not rewrite every other one), and its ratio always follows its price. Each car weighs as
 * its seller's history allows (market-trust.ts); a make with cars of an account that came of age
 * since the last refresh is valued again, and the triggers `orders_market_sold` and
 * `users_market_verified` count a change of every make of a
 * seller who is verified or sells a car.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';
import { FOR_SALE_SQL } from '../platform/db/for-sale';
import { valueMarket, type CarValue, type FitRow } from './market-valuation';
import { DEFAULT_MARKET_TRUST, isNewAccountSql, trustOf, type MarketTrust } from './market-trust';

/** A stored value is kept while a new fit moves it by less than this share. */
export const KEEP_WITHIN = 0.002;
/** Rows written per statement. */
const BATCH = 5_000;

/** The advisory lock a refresh holds (any fixed number; its bytes spell "CarDdeal"). */
export const DEAL_REFRESH_LOCK_KEY = 0x436172446465616cn;
/** The newest catalogue change numbered (the sequence `catalogue_change`); 0 before any. */
export const LAST_CHANGE = sql`(select case when is_called then last_value else 0 end from catalogue_change)`;

interface StoredCar {
  id: string;
  make: string;
  model: string | null;
  modelYear: number | null;
  mileage: number | null;
  condition: string;
  price: number;
  yearsUsed: number;
  seller: string;
  isNew: boolean;
  trust?: number;
  oldValue: number | null;
  oldBasis: string | null;
  oldMake: string | null;
  oldModel: string | null;
  oldComparables: number | null;
  oldRatio: number | null;
}

/** Writes rows as one statement per BATCH, over a JSON array of them. */
async function writeJson(db: Db, rows: object[], statement: (json: string) => SQL): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.execute(statement(JSON.stringify(rows.slice(i, i + BATCH))));
  }
}

/** Lets the server answer its requests between two makes' fits. */
const yieldToServer = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The new values, each kept at its stored value when the fit moved it by less than
 * KEEP_WITHIN (same basis), its ratio from its price and the value it keeps.
 */
function settle(car: StoredCar, fresh: CarValue): CarValue {
  const keep =
    car.oldValue !== null &&
    car.oldBasis === fresh.basis &&
    car.oldMake === fresh.make &&
    car.oldModel === fresh.model &&
    Math.abs(fresh.value / car.oldValue - 1) < KEEP_WITHIN;
  const value = keep ? car.oldValue! : fresh.value;
  return {
    ...fresh,
    value,
    ratio: Number.isFinite(fresh.ratio) ? car.price / value : Infinity,
  };
}

/** Writes the fits of a make. */
async function writeFits(tx: Db, fits: FitRow[]): Promise<void> {
  await writeJson(
    tx,
    fits.map((f) => ({ ...f, listings: f.n })),
    (json) => sql`insert into market_fits (make, model, basis, listings, intercept, age,
        mileage, condition, sigma)
      select x.make, x.model, x.basis, x.listings, x.intercept, x.age, x.mileage, x.condition,
        x.sigma
      from jsonb_to_recordset(${json}::jsonb) as x(make text, model text, basis text,
        listings integer, intercept float8, age float8, mileage float8, condition float8,
        sigma float8)`,
  );
}

/** Values the cars for sale of one make again, writes what changed; its fits. */
async function refreshMake(
  tx: Db,
  make: string,
  year: number,
  trust: MarketTrust,
): Promise<FitRow[]> {
  const cars = await rowsOf<StoredCar>(
    tx,
    sql`select p.id, p.category_name as make, p.model, p.model_year as "modelYear",
        p.mileage, p.condition, p.resale_price as price, p.user_years as "yearsUsed",
        p.email as seller, ${isNewAccountSql(trust)} as "isNew",
        v.value as "oldValue", v.basis as "oldBasis", v.make as "oldMake",
        v.model as "oldModel", v.comparables as "oldComparables", d.ratio as "oldRatio"
      from products p
      left join users u on u.email = p.email
      left join market_values v on v.product_id = p.id
      left join product_deals d on d.product_id = p.id
      where ${FOR_SALE_SQL} and p.category_name = ${make}`,
  );
  if (cars.length === 0) return [];
  const stored = new Map<string, StoredCar>();
  for (const car of cars) {
    car.price = Number(car.price);
    car.yearsUsed = Number(car.yearsUsed);
    car.trust = trustOf(trust, car.isNew === true);
    stored.set(car.id, car);
  }
  const valued = valueMarket(cars, year, trust.sellerCars);
  const values = valued.values.map((fresh) => settle(stored.get(fresh.id)!, fresh));
  const valueOf = new Map(values.map((v) => [v.id, v]));
  const changedValues = values.filter((v) => {
    const old = stored.get(v.id)!;
    return (
      old.oldValue !== v.value ||
      old.oldBasis !== v.basis ||
      old.oldMake !== v.make ||
      old.oldModel !== v.model ||
      old.oldComparables !== v.comparables
    );
  });
  const ratios = cars.flatMap((car) => {
    const ratio = valueOf.get(car.id)?.ratio ?? Infinity;
    return car.oldRatio !== null && Number(car.oldRatio) === ratio
      ? []
      : [{ id: car.id, ratio: Number.isFinite(ratio) ? ratio : null }];
  });
  const unvalued = cars.filter((c) => c.oldValue !== null && !valueOf.has(c.id));

  await writeJson(
    tx,
    changedValues.map((v) => ({
      id: v.id,
      value: v.value,
      basis: v.basis,
      make: v.make,
      model: v.model,
      comparables: v.comparables,
    })),
    (json) => sql`insert into market_values (product_id, value, basis, make, model, comparables)
      select x.id, x.value, x.basis, x.make, x.model, x.comparables
      from jsonb_to_recordset(${json}::jsonb) as x(id text, value integer, basis text,
        make text, model text, comparables integer)
      join products p on p.id = x.id
      on conflict (product_id) do update set value = excluded.value, basis = excluded.basis,
        make = excluded.make, model = excluded.model, comparables = excluded.comparables`,
  );
  await writeJson(
    tx,
    unvalued.map((c) => ({ id: c.id })),
    (json) => sql`delete from market_values
      where product_id in (select x.id from jsonb_to_recordset(${json}::jsonb) as x(id text))`,
  );
  await writeJson(
    tx,
    ratios,
    (json) => sql`insert into product_deals (product_id, ratio)
      select x.id, coalesce(x.ratio, 'Infinity'::float8)
      from jsonb_to_recordset(${json}::jsonb) as x(id text, ratio float8)
      join products p on p.id = x.id
      on conflict (product_id) do update set ratio = excluded.ratio
      where product_deals.ratio is distinct from excluded.ratio`,
  );
  return valued.fits;
}

/**
 * Refreshes the market values as of `year`, the sellers weighed by `trust`; false (nothing
 * done) when another replica holds the lock. Records the newest catalogue change numbered
 * before it read the cars.
 */
export async function refreshMarketValues(
  db: Db,
  year = new Date().getUTCFullYear(),
  trust: MarketTrust = DEFAULT_MARKET_TRUST,
): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [lock] = await rowsOf<{ got: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${DEAL_REFRESH_LOCK_KEY.toString()}::bigint) as got`,
    );
    if (!lock?.got) return false;
    const [change] = await rowsOf<{ n: number | string }>(tx, sql`select ${LAST_CHANGE} as n`);
    // The makes whose cars changed since their last valuation (`market_make_changes`), or never
    // valued, or valued in another year, or with cars of an account that became established by
    // its age since the last refresh; their changes' count as read now (a change committed
    // while this runs counts again, so the next refresh values its make again).
    const days = trust.establishedDays;
    const makes = await rowsOf<{ make: string; version: number | string }>(
      tx,
      sql`with came_of_age as (
          select distinct p.category_name as make
          from users u join products p on p.email = u.email
          where u.user_role = 'Seller'
            and u.created_at > (select refreshed_at from deal_ratios_state where id = 1)
              - make_interval(days => ${days})
            and u.created_at <= now() - make_interval(days => ${days}))
        select c.category_name as make, coalesce(m.version, 0) as version
        from categories c
        left join market_make_changes m on m.make = c.category_name
        left join market_make_refreshed r on r.make = c.category_name
        where r.make is null or r.year <> ${year} or r.version <> coalesce(m.version, 0)
          or c.category_name in (select make from came_of_age)
        order by c.category_name`,
    );
    // One make at a time: its fits need only its own cars, and holding every car at once took
    // 1.9 GB of the server's memory at a million cars.
    for (const { make, version } of makes) {
      const fits = await refreshMake(tx, make, year, trust);
      // Cars out of sale (sold or hidden) keep no value (their page shows none); a hidden car
      // that comes back is valued again by the refresh its return sets off.
      await tx.execute(sql`delete from market_values v using products p
        where p.id = v.product_id and p.category_name = ${make} and not (${FOR_SALE_SQL})`);
      await tx.execute(sql`delete from market_fits where make = ${make}`);
      await writeFits(tx, fits);
      await tx.execute(sql`insert into market_make_refreshed (make, version, year)
        values (${make}, ${Number(version)}, ${year})
        on conflict (make) do update set version = excluded.version, year = excluded.year`);
      await yieldToServer();
    }
    // A make renamed or deleted: its fits and record go (its cars were valued under their make).
    await tx.execute(
      sql`delete from market_fits where make not in (select category_name from categories)`,
    );
    await tx.execute(sql`delete from market_make_refreshed
      where make not in (select category_name from categories)`);
    await tx.execute(
      sql`update deal_ratios_state set change = ${Number(change?.n ?? 0)}, refreshed_at = now()
        where id = 1`,
    );
    return true;
  });
}
