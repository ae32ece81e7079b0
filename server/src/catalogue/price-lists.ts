/**
 * The fair prices of a search page, computed in the server from kept price lists (the same
 * comparables and quartiles as fair-price.ts's SQL), instead of one query per car over its few
 * thousand comparables.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { percentileCont } from './fair-price';
import { rowsOf, type RawRow } from './search-rows';
import { COMPARABLE_YEARS } from './search-types';

/** Prices of one group's cars for sale, cheapest first, each with its seller and years used. */
interface PriceList {
  prices: number[];
  sellers: string[];
  years: number[];
}

/** How long price lists are kept at most, whatever the catalogue's notices say (ms). */
export const PRICE_LISTS_TTL_MS = 30_000;

/** Price lists kept between searches, and the fair prices of a page's rows read from them. */
export function priceLists(db: Db) {
  /**
   * The prices of the cars for sale, with their sellers, by exact group (category, condition,
   * years used), cheapest first: what a search page's fair prices are computed from, in the
   * server, instead of one query per car over its few thousand comparables. Cleared on every
   * catalogue change (catalogue-sync.ts: with the answer cache, on every replica), and at the
   * latest after PRICE_LISTS_TTL_MS whatever happens to the notices.
   */
  let priceLists = new Map<string, Promise<PriceList>>();
  let priceListsAt = Date.now();
  function forgetPrices(): void {
    priceLists = new Map();
    priceListsAt = Date.now();
  }
  const groupKey = (category: string, condition: string, years: number) =>
    `${category}\u0000${condition}\u0000${years}`;

  /**
   * The price lists of these groups (a group's years: from `floor` up to, not including,
   * floor + 1), reading those not kept in one query: one range of years per category and
   * condition.
   */
  async function priceListsOf(
    groups: { category: string; condition: string; floor: number }[],
  ): Promise<Map<string, PriceList>> {
    if (Date.now() - priceListsAt > PRICE_LISTS_TTL_MS) forgetPrices();
    const lists = priceLists;
    const ranges = new Map<
      string,
      { category: string; condition: string; from: number; to: number }
    >();
    for (const g of groups) {
      if (lists.has(groupKey(g.category, g.condition, g.floor))) continue;
      const pair = `${g.category}\u0000${g.condition}`;
      const range = ranges.get(pair);
      if (range) {
        range.from = Math.min(range.from, g.floor);
        range.to = Math.max(range.to, g.floor);
      } else {
        ranges.set(pair, {
          category: g.category,
          condition: g.condition,
          from: g.floor,
          to: g.floor,
        });
      }
    }
    if (ranges.size > 0) {
      const wanted = [...ranges.values()];
      const read = rowsOf<{ c: string; k: string; y: number; v: number; e: string }>(
        db,
        sql`select category_name as c, condition as k, user_years as y, resale_price as v,
            email as e
          from products
          where sold_at is null and (${sql.join(
            wanted.map(
              (r) => sql`(category_name = ${r.category} and condition = ${r.condition}
                and user_years >= ${r.from} and user_years < ${r.to + 1})`,
            ),
            sql` or `,
          )})
          order by resale_price`,
      ).then((rows) => {
        const found = new Map<string, PriceList>();
        for (const r of wanted) {
          for (let y = r.from; y <= r.to; y++) {
            found.set(groupKey(r.category, r.condition, y), { prices: [], sellers: [], years: [] });
          }
        }
        for (const row of rows) {
          const years = Number(row.y);
          const list = found.get(groupKey(row.c, row.k, Math.floor(years)));
          if (!list) continue;
          list.prices.push(Number(row.v));
          list.sellers.push(row.e);
          list.years.push(years);
        }
        return found;
      });
      for (const r of wanted) {
        for (let y = r.from; y <= r.to; y++) {
          const key = groupKey(r.category, r.condition, y);
          const one = read.then((found) => found.get(key)!);
          lists.set(key, one);
          // A failed read is not kept.
          one.catch(() => {
            if (lists.get(key) === one) lists.delete(key);
          });
        }
      }
    }
    const entries = await Promise.all(
      groups.map(async (g) => {
        const key = groupKey(g.category, g.condition, g.floor);
        return [key, await lists.get(key)!] as const;
      }),
    );
    return new Map(entries);
  }

  /**
   * Each row with its fair price, from the price lists of its comparables' groups: the same
   * comparables and quartiles as FAIR_PRICE, computed here.
   */
  async function withFairPrices(rows: RawRow[]): Promise<RawRow[]> {
    const floors = (years: number) => {
      const out: number[] = [];
      for (
        let y = Math.floor(years - COMPARABLE_YEARS);
        y <= Math.floor(years + COMPARABLE_YEARS);
        y++
      ) {
        out.push(y);
      }
      return out;
    };
    const groups = new Map<string, { category: string; condition: string; floor: number }>();
    for (const row of rows) {
      for (const floor of floors(Number(row.userYears))) {
        groups.set(groupKey(row.categoryName, row.condition, floor), {
          category: row.categoryName,
          condition: row.condition,
          floor,
        });
      }
    }
    if (groups.size === 0) return rows;
    const lists = await priceListsOf([...groups.values()]);
    return rows.map((row) => {
      const years = Number(row.userYears);
      const own = floors(years).flatMap((floor) => {
        const list = lists.get(groupKey(row.categoryName, row.condition, floor));
        return list ? [list] : [];
      });
      // A typed array sorts numbers natively (a comparator function per comparison cost
      // about 0.2 ms a car of a few thousand comparables).
      const found = new Float64Array(own.reduce((n, list) => n + list.prices.length, 0));
      let n = 0;
      for (const list of own) {
        for (let i = 0; i < list.prices.length; i++) {
          const other = list.years[i]!;
          if (
            list.sellers[i] !== row.email &&
            other >= years - COMPARABLE_YEARS &&
            other <= years + COMPARABLE_YEARS
          ) {
            found[n++] = list.prices[i]!;
          }
        }
      }
      const prices = found.subarray(0, n).sort();
      const [q1, median, q3] = [0.25, 0.5, 0.75].map((f) => percentileCont(prices, f));
      return { ...row, fpN: prices.length, fpQ1: q1, fpMedian: median, fpQ3: q3 };
    });
  }

  return { withFairPrices, forgetPrices };
}
