import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';

/**
 * A car's prices over time (the `price_history` table, written by the database's triggers:
 * the triggers `price_history_insert` and `price_history_update`) as the catalogue answers show
 * them: a car's page gets its history and when it was listed, a card gets when it was listed and
 * its price drop, if recent.
 */

/** A card shows its 'Price drop' chip this many days after the drop. */
export const PRICE_DROP_DAYS = 14;
/**
 * A car's page gets at most this many prices: its first (what it was listed at) and its newest,
 * so a seller changing the price back and forth cannot push what it was listed at out of sight.
 */
export const PRICE_HISTORY_CAP = 20;
/**
 * A new price is a drop only when it is below every price the car had this many hours before it:
 * a price raised and lowered again (back and forth) is no drop, and tells nobody.
 */
export const DROP_WINDOW_HOURS = 24;

/**
 * The lowest price the car of the price_history row `h` (an alias in the query) had in the
 * DROP_WINDOW_HOURS before that row: its price just before (previous_price) and each price it
 * had or left in the window; null for a car's first price. One range of
 * price_history_product_idx (a car's changes of a day, which the edit limit keeps few).
 */
export function dropFloor(h: string) {
  const row = sql.raw(`"${h}"`);
  const window = sql.raw(`interval '${DROP_WINDOW_HOURS} hours'`);
  return sql`least(${row}.previous_price, (
    select min(least(e.price, coalesce(e.previous_price, e.price))) from price_history e
    where e.product_id = ${row}.product_id and e.id < ${row}.id
      and e.changed_at > ${row}.changed_at - ${window}))`;
}

/** One price a car had, in whole dollars, and since when (ISO date-time). */
export interface PricePoint {
  price: number;
  at: string;
}

/**
 * The price's latest change, when it lowered the price below the lowest of the day before: by
 * how much under that lowest price (whole dollars) and when.
 */
export interface PriceDrop {
  amount: number;
  at: string;
}

/** What a card shows of a car's history. */
export interface PriceNews {
  /** When the car was listed (its post time as the server recorded it; ISO date-time). */
  listedAt: string;
  /** Its latest price change if that lowered the price within the last 14 days; else null. */
  priceDrop: PriceDrop | null;
}

/** A car's page: its prices oldest first (its first and newest 19), its listing time and drop. */
export interface CarPriceHistory extends PriceNews {
  priceHistory: PricePoint[];
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

interface ChangeRow {
  price: number | string;
  /** The lowest price of the day before this one (dropFloor); null for the first price. */
  floor: number | string | null;
  at: Date | string;
  recent: boolean;
}

function dropOf(latest: ChangeRow | undefined): PriceDrop | null {
  if (!latest || latest.floor === null || !latest.recent) return null;
  const amount = Number(latest.floor) - Number(latest.price);
  return amount > 0 ? { amount, at: iso(latest.at) } : null;
}

/** Whether a change is within the chip's days, by the database's clock (one clock for replicas). */
const RECENT = sql.raw(`h.changed_at > now() - interval '${PRICE_DROP_DAYS} days'`);

export function priceHistoryRepository(db: Db) {
  /** One car's history, listing time and recent drop; null: no such car. */
  async function ofCar(id: string): Promise<CarPriceHistory | null> {
    const [car] = await rowsOf<{ createdAt: Date | string }>(
      db,
      sql`select created_at as "createdAt" from products where id = ${id}`,
    );
    if (!car) return null;
    // The first and the newest 19 through price_history_product_idx, then oldest first.
    const columns = sql`h.id, h.price, ${dropFloor('h')} as floor, h.changed_at as at,
      ${RECENT} as recent`;
    const rows = await rowsOf<ChangeRow>(
      db,
      sql`(select ${columns} from price_history h where h.product_id = ${id}
          order by h.changed_at desc, h.id desc limit ${PRICE_HISTORY_CAP - 1})
        union
        (select ${columns} from price_history h where h.product_id = ${id}
          order by h.changed_at, h.id limit 1)
        order by at desc, id desc`,
    );
    return {
      listedAt: iso(car.createdAt),
      priceDrop: dropOf(rows[0]),
      priceHistory: rows.map((row) => ({ price: Number(row.price), at: iso(row.at) })).reverse(),
    };
  }

  /**
   * For a page of cards: each car's listing time and recent drop, by id. One query: each car's
   * latest change is one probe of price_history_product_idx (a page of 48 cars, 48 probes).
   */
  async function newsOf(ids: readonly string[]): Promise<Map<string, PriceNews>> {
    const news = new Map<string, PriceNews>();
    if (ids.length === 0) return news;
    const rows = await rowsOf<ChangeRow & { id: string; createdAt: Date | string }>(
      db,
      sql`select p.id, p.created_at as "createdAt", h.price, h.floor, h.at, h.recent
        from products p
        left join lateral (
          select h.price, ${dropFloor('h')} as floor, h.changed_at as at, ${RECENT} as recent
          from price_history h where h.product_id = p.id
          order by h.changed_at desc, h.id desc limit 1
        ) h on true
        where p.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    for (const row of rows) {
      news.set(row.id, {
        listedAt: iso(row.createdAt),
        priceDrop: row.price === null ? null : dropOf(row),
      });
    }
    return news;
  }

  /** The cards with their listing time and recent drop (a car deleted meanwhile: no time, no drop). */
  async function addNews<T extends { _id: string }>(cars: T[]): Promise<(T & PriceNews)[]> {
    const news = await newsOf(cars.map((car) => car._id));
    return cars.map((car) => ({
      ...car,
      ...(news.get(car._id) ?? { listedAt: '', priceDrop: null }),
    }));
  }

  return { ofCar, newsOf, addNews };
}

export type PriceHistoryRepository = ReturnType<typeof priceHistoryRepository>;
