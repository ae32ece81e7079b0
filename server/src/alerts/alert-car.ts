/** A car as the alert matcher reads it: what the saved searches' filters are compared with. */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

export interface AlertCar {
  id: string;
  name: string;
  make: string;
  model: string | null;
  condition: string;
  fuel: string | null;
  transmission: string | null;
  bodyStyle: string | null;
  price: number;
  years: number;
  modelYear: number | null;
  mileage: number | null;
  location: string;
  /** When it was listed (ISO). */
  listedAt: string;
  /** Whether it is sold. */
  sold: boolean;
  /** Whether it is hidden: no alert names a hidden car. */
  hidden: boolean;
  /** The seller's account (null: no account has its e-mail). */
  sellerId: string | null;
  /** Whether the seller is verified (search's `verified` filter). */
  sellerVerified: boolean;
  /** Whether the seller has a dealer profile (search's `sellerType` filter). */
  sellerDealer: boolean;
  /** The car's point (null: it has no place, and no search with a radius matches it). */
  latitude: number | null;
  longitude: number | null;
}

/** The car, sold or not; null when it is gone (deleted). */
export async function alertCar(db: Db, id: string): Promise<AlertCar | null> {
  const [row] = await rowsOf<AlertCar & { price: number | string; years: number | string }>(
    db,
    sql`select p.id, p.car_name as name, p.category_name as make, p.model,
        p.condition, p.fuel, p.transmission, p.body_style as "bodyStyle",
        p.resale_price as price, p.user_years as years, p.model_year as "modelYear",
        p.mileage, p.product_location as location,
        to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "listedAt",
        p.sold_at is not null as sold, p.hidden is not null as hidden, u.id as "sellerId",
        coalesce(u.user_verify = 'true', false) as "sellerVerified",
        exists (select 1 from dealer_profiles d where d.user_id = u.id) as "sellerDealer",
        p.latitude, p.longitude
      from products p left join users u on u.email = p.email
      where p.id = ${id}`,
  );
  if (!row) return null;
  const point = (value: number | null) => (value === null ? null : Number(value));
  return {
    ...row,
    price: Number(row.price),
    years: Number(row.years),
    latitude: point(row.latitude),
    longitude: point(row.longitude),
  };
}
