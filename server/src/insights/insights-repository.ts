/**
 * What each listing earns over a window of days: its views (car_view_counts, kept by the
 * database from the counted views), saves, bookings and buyers' messages made in the window,
 * its days on the market, its price and its market value; and the same summed, with the views
 * of every day. A seller's own cars, or (for an admin) the marketplace's.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

/** The most cars one answer lists (a dealer's whole import fits; an admin sees the most viewed). */
export const INSIGHTS_CARS = 2000;

export interface CarInsights {
  _id: string;
  name: string;
  views: number;
  saves: number;
  bookings: number;
  messages: number;
  daysOnMarket: number;
  price: number;
  marketValue: number | null;
  /** The views of each day of the window, the answer's `from` first (one number a day). */
  viewsPerDay: number[];
}

export interface InsightsTotals {
  cars: number;
  views: number;
  saves: number;
  bookings: number;
  messages: number;
  /** The views of each day of the window, `from` first. */
  viewsPerDay: number[];
}

/**
 * The answer. Each day's views are a plain list of numbers beside one shared `from`: a dealer's
 * 500 cars over 90 days written as `{ day, views }` objects were 1.5 MB.
 */
export interface InsightsAnswer {
  days: number;
  from: string;
  to: string;
  cars: CarInsights[];
  totals: InsightsTotals;
}

/** A car's row as the query reads it: the answer's fields, its price as PostgreSQL's numeric text. */
type CarRow = Omit<CarInsights, 'price' | 'viewsPerDay'> & {
  price: number | string;
  /** The days with views as offsets from `from`, an array's text ('{0,5,6}'); null: none. */
  at: string | null;
  /** Their views, an array's text. */
  counts: string | null;
};

/** The totals the query reads (the views are summed from the cars' days). */
type TotalsRow = Omit<InsightsTotals, 'views' | 'viewsPerDay'>;

/** The numbers of an array's text ('{1,2,3}'). */
const numbersOf = (text: string): number[] =>
  text.length <= 2 ? [] : text.slice(1, -1).split(',').map(Number);

/**
 * `days` numbers, each day's views, from the days with views (`at`: offsets from the window's
 * first day) and their views, each an array's text; days without views are 0.
 */
export function denseDays(at: string | null, counts: string | null, days: number): number[] {
  const perDay = new Array<number>(days).fill(0);
  if (!at || !counts) return perDay;
  const offsets = numbersOf(at);
  const views = numbersOf(counts);
  offsets.forEach((offset, i) => {
    if (offset >= 0 && offset < days) perDay[offset] = views[i] ?? 0;
  });
  return perDay;
}

/** The cars in scope: one seller's, or every car. */
const scope = (seller: string | null): SQL =>
  seller === null ? sql`true` : sql`p.email = ${seller}`;

/**
 * Each car's views in the window (`car_id`, `views`, and `at` and `counts`: the days with views
 * as offsets from `from` and their views, two arrays' text). A seller's cars one by one, by the
 * counts' key (an index-only scan: the views are in the key's index); the marketplace's in
 * one pass over the window's counts.
 */
const viewsOf = (seller: string | null, from: string): SQL =>
  seller === null
    ? sql`select c.car_id, sum(c.views)::int as views,
             array_agg(c.day - ${from}::date)::text as at, array_agg(c.views)::text as counts
        from car_view_counts c
       where c.day >= ${from}::date
       group by c.car_id`
    : sql`select cars.id as car_id, v.views, v.at, v.counts
        from cars cross join lateral (
          select sum(c.views)::int as views, array_agg(c.day - ${from}::date)::text as at,
                 array_agg(c.views)::text as counts
            from car_view_counts c
           where c.car_id = cars.id and c.day >= ${from}::date) v`;

/** The sums over every car in scope (an admin's over the marketplace, listed or not). */
async function sums(db: Db, seller: string | null, from: string): Promise<TotalsRow> {
  const [row] = await rowsOf<TotalsRow>(
    db,
    sql`
    select
      (select count(*)::int from products p where ${scope(seller)}) as cars,
      (select count(*)::int from saved_cars s join products p on p.id = s.product_id
        where s.saved_at >= ${from}::date and ${scope(seller)}) as saves,
      (select count(*)::int from orders o join products p on p.id = o.product_id
        where o.created_at >= ${from}::date and ${scope(seller)}) as bookings,
      (select count(*)::int from orders o join products p on p.id = o.product_id
         join messages m on m.order_id = o.id
        where m.created_at >= ${from}::date and m.sender_email <> o.seller_email
          and ${scope(seller)}) as messages`,
  );
  return {
    cars: Number(row?.cars ?? 0),
    saves: Number(row?.saves ?? 0),
    bookings: Number(row?.bookings ?? 0),
    messages: Number(row?.messages ?? 0),
  };
}

export function insightsRepository(db: Db) {
  /**
   * Each car's numbers (the most viewed first; an admin's keeps the most viewed), its days from
   * the daily counts (car_view_counts, one row a car and day whatever the views: a dealer's 500
   * cars over 90 days are 45,000 rows, sent as 500 pairs of short arrays).
   */
  async function cars(seller: string | null, from: string, days: number): Promise<CarInsights[]> {
    const rows = await rowsOf<CarRow>(
      db,
      sql`
      with cars as (
        select p.id, p.car_name, p.resale_price, p.created_at, p.sold_at
          from products p where ${scope(seller)}
      ),
      views as (${viewsOf(seller, from)}),
      listed as (
        select cars.*, coalesce(v.views, 0) as views, v.at, v.counts,
               row_number() over (
                 order by coalesce(v.views, 0) desc, cars.created_at desc, cars.id) as rank
          from cars left join views v on v.car_id = cars.id
         order by rank
         limit ${INSIGHTS_CARS}
      ),
      saves as (
        select s.product_id, count(*)::int as saves from saved_cars s
         where s.saved_at >= ${from}::date and s.product_id in (select id from listed)
         group by s.product_id
      ),
      bookings as (
        select o.product_id, count(*)::int as bookings from orders o
         where o.created_at >= ${from}::date and o.product_id in (select id from listed)
         group by o.product_id
      ),
      messages as (
        select o.product_id, count(*)::int as messages
          from orders o join messages m on m.order_id = o.id
         where m.created_at >= ${from}::date and o.product_id in (select id from listed)
           and m.sender_email <> o.seller_email
         group by o.product_id
      )
      select l.id as "_id", l.car_name as name, l.views,
             coalesce(s.saves, 0) as saves, coalesce(b.bookings, 0) as bookings,
             coalesce(m.messages, 0) as messages,
             greatest(0, floor(extract(epoch from
               coalesce(l.sold_at, now()) - l.created_at) / 86400))::int as "daysOnMarket",
             l.resale_price as price, mv.value as "marketValue", l.at, l.counts
        from listed l
        left join saves s on s.product_id = l.id
        left join bookings b on b.product_id = l.id
        left join messages m on m.product_id = l.id
        left join market_values mv on mv.product_id = l.id
       order by l.rank`,
    );
    return rows.map(({ at, counts, ...car }) => ({
      ...car,
      views: Number(car.views),
      saves: Number(car.saves),
      bookings: Number(car.bookings),
      messages: Number(car.messages),
      daysOnMarket: Number(car.daysOnMarket),
      price: Number(car.price),
      marketValue: car.marketValue === null ? null : Number(car.marketValue),
      viewsPerDay: denseDays(at, counts, days),
    }));
  }

  /** Every day's views over the cars in scope (an admin's marketplace), read by day. */
  async function viewsPerDay(seller: string | null, from: string, days: number) {
    const [row] = await rowsOf<{ at: string | null; counts: string | null }>(
      db,
      sql`
      select array_agg(d.day - ${from}::date)::text as at, array_agg(d.views)::text as counts
        from (select c.day, sum(c.views)::int as views
                from car_view_counts c
               where c.day >= ${from}::date
                 and c.car_id in (select p.id from products p where ${scope(seller)})
               group by c.day) d`,
    );
    return denseDays(row?.at ?? null, row?.counts ?? null, days);
  }

  return {
    /** The last `days` days to `today` (UTC, included): one seller's cars, or null: all. */
    async of(seller: string | null, days: number, today: Date): Promise<InsightsAnswer> {
      const to = today.toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const [listed, totals] = await Promise.all([
        cars(seller, from, days),
        sums(db, seller, from),
      ]);
      // A seller's cars all listed (up to INSIGHTS_CARS): the days' totals are their sums, and
      // the daily counts are read once; else (the marketplace) by day.
      const perDay =
        seller !== null && listed.length === totals.cars
          ? listed.reduce(
              (sum, car) => sum.map((views, day) => views + car.viewsPerDay[day]!),
              new Array<number>(days).fill(0),
            )
          : await viewsPerDay(seller, from, days);
      return {
        days,
        from,
        to,
        cars: listed,
        totals: {
          ...totals,
          views: perDay.reduce((sum, views) => sum + views, 0),
          viewsPerDay: perDay,
        },
      };
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
