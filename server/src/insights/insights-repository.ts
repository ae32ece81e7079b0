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

/** The answer, its cars as JSON text already (the database writes it: 45,000 days at scale). */
export interface InsightsAnswer {
  days: number;
  from: string;
  to: string;
  /** A JSON array of `CarInsights`. */
  carsJson: string;
  totals: InsightsTotals;
}

interface TotalsRow {
  cars: number;
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

export function insightsRepository(db: Db) {
  /** The cars in scope: one seller's, or every car. */
  const scope = (seller: string | null): SQL =>
    seller === null ? sql`true` : sql`p.email = ${seller}`;

  /**
   * Each car's numbers as a JSON array's text (the most viewed first; an admin's keeps the most
   * viewed), written as text by the database: building 45,000 days as JSON values and
   * serialising them again took several times as long.
   */
  async function carsJson(seller: string | null, from: string): Promise<string> {
    const [row] = await rowsOf<{ cars: string }>(
      db,
      sql`
      with cars as (
        select p.id, p.car_name, p.resale_price, p.created_at, p.sold_at
          from products p where ${scope(seller)}
      ),
      views as (
        select c.car_id, sum(c.views)::int as views,
               '[' || string_agg('{"day":"' || to_char(c.day, 'YYYY-MM-DD') || '","views":'
                                 || c.views || '}', ',' order by c.day) || ']' as per_day
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
      ),
      listed as (
        select cars.*, coalesce(v.views, 0) as views, v.per_day,
               row_number() over (
                 order by coalesce(v.views, 0) desc, cars.created_at desc, cars.id) as rank
          from cars left join views v on v.car_id = cars.id
         order by rank
         limit ${INSIGHTS_CARS}
      )
      select '[' || coalesce(string_agg(
               '{"_id":' || to_json(l.id)::text || ',"name":' || to_json(l.car_name)::text
               || ',"views":' || l.views || ',"saves":' || coalesce(s.saves, 0)
               || ',"bookings":' || coalesce(b.bookings, 0)
               || ',"messages":' || coalesce(m.messages, 0)
               || ',"daysOnMarket":' || greatest(0, floor(extract(epoch from
                    coalesce(l.sold_at, now()) - l.created_at) / 86400))::int
               || ',"price":' || to_json(l.resale_price)::text
               || ',"marketValue":' || coalesce(mv.value::text, 'null')
               || ',"viewsPerDay":' || coalesce(l.per_day, '[]') || '}',
               ',' order by l.rank), '') || ']' as cars
        from listed l
        left join saves s on s.product_id = l.id
        left join bookings b on b.product_id = l.id
        left join messages m on m.product_id = l.id
        left join market_values mv on mv.product_id = l.id`,
    );
    return row?.cars ?? '[]';
  }

  /** The sums over every car in scope (an admin's over the marketplace, listed or not). */
  async function totals(seller: string | null, from: string, to: string): Promise<InsightsTotals> {
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
    const perDay = await rowsOf<{ day: string; views: number }>(
      db,
      sql`
      select to_char(c.day, 'YYYY-MM-DD') as day, sum(c.views)::int as views
        from car_view_counts c
       where c.day >= ${from}::date
         and c.car_id in (select p.id from products p where ${scope(seller)})
       group by c.day`,
    );
    const byDay = new Map(perDay.map((day) => [day.day, Number(day.views)]));
    return {
      cars: Number(row?.cars ?? 0),
      views: perDay.reduce((sum, day) => sum + Number(day.views), 0),
      saves: Number(row?.saves ?? 0),
      bookings: Number(row?.bookings ?? 0),
      messages: Number(row?.messages ?? 0),
      viewsPerDay: daysBetween(from, to).map((day) => ({ day, views: byDay.get(day) ?? 0 })),
    };
  }

  return {
    /** The last `days` days to `today` (UTC, included): one seller's cars, or null: all. */
    async of(seller: string | null, days: number, today: Date): Promise<InsightsAnswer> {
      const to = today.toISOString().slice(0, 10);
      const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const [cars, sums] = await Promise.all([carsJson(seller, from), totals(seller, from, to)]);
      return { days, from, to, carsJson: cars, totals: sums };
    },
  };
}

export type InsightsRepository = ReturnType<typeof insightsRepository>;
