/**
 * What 'What's my car worth?' reads: a model's stored fit and whether its make has one (from
 * the fits kept in memory, market-fits-cache.ts: a make's read once per market refresh), and
 * for a make without a fit its comparables' spread.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { FOR_SALE_SQL } from '../platform/db/for-sale';
import { rowsOf } from '../platform/db/rows';
import { COMPARABLE_YEARS } from './value-types';
import type { FitRow } from './market-valuation';
import type { ComparableSpread } from './value-estimate';
import { MarketFitsCache, type MakeFits, type StoredFit } from './market-fits-cache';

/** `fits` keeps the makes' fits between market refreshes (shared with the refresh, which clears it). */
export function valueRepository(db: Db, fits: MarketFitsCache = new MarketFitsCache()) {
  /** Every stored fit of the make (one query on market_fits' primary key's first column). */
  async function loadMake(make: string): Promise<MakeFits> {
    const rows = await rowsOf<StoredFit>(
      db,
      sql`select model, basis, listings, intercept, age, mileage, condition, sigma
        from market_fits where make = ${make}`,
    );
    return new Map(rows.map((row) => [row.model, row]));
  }

  return {
    /** The model's fit row (null: none) and whether its make has any fit. */
    async fitsOf(make: string, model: string) {
      const stored = await fits.of(make, () => loadMake(make));
      const own = model === '' ? undefined : stored.get(model);
      const fit: FitRow | null = own
        ? {
            make,
            model,
            basis: own.basis,
            n: Number(own.listings),
            intercept: own.intercept ?? undefined,
            age: own.age ?? undefined,
            mileage: own.mileage ?? undefined,
            condition: own.condition ?? undefined,
            sigma: own.sigma,
          }
        : null;
      return { model: fit, makeFitted: stored.size > 0 };
    },

    /**
     * The cars for sale of the make and condition whose years used are within COMPARABLE_YEARS
     * of `age`: how many, and their prices' 10th, 50th and 90th percentiles.
     */
    async comparables(make: string, condition: string, age: number): Promise<ComparableSpread> {
      const [row] = await rowsOf<{ n: number; p10: number; median: number; p90: number }>(
        db,
        sql`select count(*)::int as n,
            percentile_cont(0.1) within group (order by p.resale_price) as p10,
            percentile_cont(0.5) within group (order by p.resale_price) as median,
            percentile_cont(0.9) within group (order by p.resale_price) as p90
          from products p
          where ${FOR_SALE_SQL} and p.category_name = ${make} and p.condition = ${condition}
            and p.user_years between ${age - COMPARABLE_YEARS} and ${age + COMPARABLE_YEARS}`,
      );
      return {
        n: Number(row?.n ?? 0),
        p10: Number(row?.p10 ?? 0),
        median: Number(row?.median ?? 0),
        p90: Number(row?.p90 ?? 0),
      };
    },
  };
}
