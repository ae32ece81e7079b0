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

export interface DayViews {
  day: string;
  views: number;
}

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
  viewsPerDay: DayViews[];
}

export interface InsightsTotals {
  cars: number;
  views: number;
  saves: number;
  bookings: number;
  messages: number;
  viewsPerDay: DayViews[];
}

export interface Insights {
  days: number;
  from: string;
  to: string;
  cars: CarInsights[];
  totals: InsightsTotals;
}

interface CarRow {
  id: string;
  name: string;
  views: number;
  saves: number;
  bookings: number;
  messages: number;
  days_on_market: number;
  price: number;
  market_value: number | null;
  per_day: [string, number][] | string | null;
}

interface TotalsRow {
  cars: number;
  views: number;
  saves: number;
  bookings: number;
  messages: number;
}

/** The days from `from` to `to` (YYYY-MM-DD, UTC), both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`);) {
    days.push(new Date(at).toISOString().slice(0, 10));
    at += 86_400_000;
  }
  return days;
}

const perDayOf = (value: CarRow['per_day']): DayViews[] => {
  const pairs = (typeof value === 'string' ? JSON.parse(value) : value) as [string, number][];
  return (pairs ?? []).map(([day, views]) => ({ day, views: Number(views) }));
};

export function insightsRepository(db: Db) {
  /** The cars in scope: one seller's, or every car. */
  const scope = (seller: string | null): SQL =>
    seller === null ? sql`true` : sql`p.email = ${seller}`;

  /** Each car's numbers; an admin's list keeps the most viewed. */
  async function cars(seller: string | null, from: string): Promise<CarInsights[]> {
    const rows = await rowsOf<CarRow>(
      db,
      sql`
      with cars as (
        select p.id, p.car_name, p.resale_price, p.created_at, p.sold_at
          from products p where ${scope(seller)}
      ),
      views as (
        select c.car_id, sum(c.views)::int as views,
               json_agg(json_build_array(to_char(c.day, 'YYYY-MM-DD'), c.views) order by c.day)
                 as per_day
          from car_view_counts c
         where c.day >= ${from}::date and c.car_id in (select id from cars)
         group by c.car_id
      ),
      saves as (
        select s.product_id, count(*)::int as saves from saved_cars s
         where s.saved_at >= ${from}::date and s.product_id in (select id from cars)
         group by s.product_id
      ),
      bookings as (
        select o.product_id, count(*)::int as bookings from orders o
         where o.created_at >= ${from}::date and o.product_id in (select id from cars)
         group by o.product_id
      ),
      messages as (
        select o.product_id, count(*)::int as messages
          from orders o join messages m on m.order_id = o.id
         where m.created_at >= ${from}::date and o.product_id in (select id from cars)
           and m.sender_email <> o.seller_email
         group by o.product_id
      )
      select cars.id, cars.car_name as name, coalesce(v.views, 0) as views,
             coalesce(s.saves, 0) as saves, coalesce(b.bookings, 0) as bookings,
             coalesce(m.messages, 0) as messages,
             floor(extract(epoch from coalesce(cars.sold_at, now()) - cars.created_at)
                   / 86400)::int as days_on_market,
             cars.resale_price as price, mv.value as market_value, v.per_day
        from cars
        left join views v on v.car_id = cars.id
        left join saves s on s.product_id = cars.id
        left join bookings b on b.product_id = cars.id
        left join messages m on m.product_id = cars.id
        left join market_values mv on mv.product_id = cars.id
       order by coalesce(v.views, 0) desc, cars.created_at desc, cars.id
       limit ${INSIGHTS_CARS}`,
    );
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      views: Number(row.views),
      saves: Number(row.saves),
      bookings: Number(row.bookings),
      messages: Number(row.messages),
      daysOnMarket: Math.max(0, Number(row.days_on_market)),
      price: Number(row.price),
      marketValue: row.market_value === null ? null : Number(row.market_value),
      viewsPerDay: perDayOf(row.per_day),
    }));
  }

  /** The sums over every car in scope (an admin's over the marketplace, listed or not). */
  async function totals(seller: string | null, from: string, to: string): Promise<InsightsTotals> {
    const [row] = await rowsOf<TotalsRow>(
      db,
      sql`
      select
        (select count(*)::int from products p where ${scope(seller)}) as cars,
        (select coalesce(sum(c.views), 0)::int from car_view_counts c
           join products p on p.id = c.car_id
          where c.day >= ${from}::date and ${scope(seller)}) as views,
        (select count(*)::int from saved_cars s join products p on p.id = s.product_id
          where s.saved_at >= ${from}::date and ${scope(seller)}) as saves,
        (select count(*)::int from orders o join products p on p.id = o.product_id
          where o.created_at >= ${from}::date and ${scope(seller)}) as bookings,
        (select count(*)::int from orders o join products p on p.id = o.product_id
           join messages m on m.order_id = o.id
          where m.created_at >= ${from}::date and m.sender_email <> o.seller_email
            and ${scope(seller)}) as messages`,
    );
    const perDay = await rowsOf<{ day: string; views: number }>(
      db,
      sql`
      select to_char(c.day, 'YYYY-MM-DD') as day, sum(c.views)::int as views
        from car_view_counts c join products p on p.id = c.car_id
       where c.day >= ${from}::date and ${scope(seller)}
       group by c.day`,
    );
    const byDay = new Map(perDay.map((day) => [day.day, Number(day.views)]));
    return {
      cars: Number(row?.cars ?? 0),
      views: Number(row?.views ?? 0),
      saves: Number(row?.saves ?? 0),
      bookings: Number(row?.bookings ?? 0),
      messages: Number(row?.messages ?? 0),
      viewsPerDay: daysBetween(from, to).map((day) => ({ day, views: byDay.get(day) ?? 0 })),
    };
  }

  return {
    /** The last `days` days to `today` (UTC, included): one seller's cars, or null: all. */
    async of(seller: string | null, days: number, today: Date): Promise<Insights> {
      const to = today.toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const [list, sums] = await Promise.all([cars(seller, from), totals(seller, from, to)]);
      return { days, from, to, cars: list, totals: sums };
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
