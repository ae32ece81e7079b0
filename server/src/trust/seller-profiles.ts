/**
 * A seller's public profile (GET /sellers/{id}, the page /sellers/:id): who they are, member
 * since and cars sold (as a car's page counts them), their stored rating, and how they answer
 * bookings over the last 90 days. The cars for sale are counted by the search itself (the
 * route), so its for-sale condition is the only one.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { FOR_SALE_SQL } from '../platform/db/for-sale';
import { boundsOf, inRange, type IdRange } from '../platform/db/id-ranges';
import { rowsOf } from '../platform/db/rows';
import { ratingOf, type SellerRating } from '../cars/seller-rating';
import { dealerJsonSql, dealerOf } from '../accounts/dealer-profiles';
import type { DealerProfile } from '../accounts/dealer-schemas';

/** The bookings of this many days tell how a seller answers. */
export const RESPONSE_DAYS = 90;
/** An answer this quick counts as 'within 48 hours'. */
export const ANSWER_HOURS = 48;

export interface SellerProfile {
  _id: string;
  name: string;
  photo: string;
  verified: 'true' | 'false';
  memberSince: string;
  /** The seller's e-mail is confirmed (the page says 'E-mail confirmed'). */
  emailConfirmed: boolean;
  carsSold: number;
  /** 'dealer' with a dealer profile, else 'private'. */
  sellerType: 'dealer' | 'private';
  /** The seller's business; null: a private seller. */
  dealer: DealerProfile | null;
  rating: SellerRating;
  responses: {
    /** The median minutes from a booking to the seller's first answer; null: none answered. */
    medianMinutes: number | null;
    /** The share of the counted bookings answered within 48 hours; null: none counted. */
    within48h: number | null;
    /** Bookings made in the last 90 days. */
    bookings: number;
  };
}

interface RawSeller {
  _id: string;
  name: string;
  photo: string | null;
  verified: 'true' | 'false' | null;
  memberSince: Date | string;
  emailConfirmed: boolean;
  carsSold: number | string;
  reviewCount: number | string;
  reviewSum: number | string;
  email: string;
  dealer: unknown;
}

interface RawResponses {
  bookings: number | string;
  counted: number | string;
  within: number | string;
  medianSeconds: number | string | null;
}

/** A seller's account, not suspended, with a car for sale (the catalogue's one condition). */
const HAS_CARS = sql`u.user_role = 'Seller' and u.suspended_at is null
  and exists (select 1 from products p where p.email = u.email and ${FOR_SALE_SQL})`;

export function sellerProfiles(db: Db) {
  /**
   * The profile of a seller's account and its e-mail (the cars' key); null when the account is
   * unknown, not a seller's, or suspended.
   */
  async function profile(id: string): Promise<{ profile: SellerProfile; email: string } | null> {
    const [seller] = await rowsOf<RawSeller>(
      db,
      sql`select u.id as "_id", u.name as "name", u.user_img as "photo",
          u.user_verify as "verified", u.created_at as "memberSince", u.email as "email",
          u.review_count as "reviewCount", u.review_sum as "reviewSum",
          u.email_confirmed as "emailConfirmed",
          (select count(*) from products s where s.email = u.email and s.sold_at is not null)
            as "carsSold", ${dealerJsonSql(sql`u.id`)} as "dealer"
        from users u
        where u.id = ${id} and u.user_role = 'Seller' and u.suspended_at is null`,
    );
    if (!seller) return null;
    // A booking counts once answered (its first accepted or declined step), or once its 48
    // hours are over unanswered, unless the buyer cancelled before then (nothing to answer).
    const [answers] = await rowsOf<RawResponses>(
      db,
      sql`with b as (
          select o.created_at as made,
            (select min((s->>'at')::timestamptz) from jsonb_array_elements(o.history) s
              where s->>'status' in ('accepted', 'declined')) as answered,
            (select min((s->>'at')::timestamptz) from jsonb_array_elements(o.history) s
              where s->>'status' = 'cancelled') as cancelled
          from orders o
          where o.seller_id = ${id}
            and o.created_at > now() - make_interval(days => ${RESPONSE_DAYS})
        ), c as (
          select made, answered,
            answered is not null or (
              made + make_interval(hours => ${ANSWER_HOURS}) < now()
              and (cancelled is null or cancelled > made + make_interval(hours => ${ANSWER_HOURS}))
            ) as counted
          from b
        )
        select count(*) as bookings,
          count(*) filter (where counted) as counted,
          count(*) filter (
            where answered is not null
              and answered <= made + make_interval(hours => ${ANSWER_HOURS})) as within,
          percentile_cont(0.5) within group (order by extract(epoch from answered - made))
            filter (where answered is not null) as "medianSeconds"
        from c`,
    );
    const counted = Number(answers?.counted ?? 0);
    const median = answers?.medianSeconds;
    const dealer = dealerOf(seller.dealer);
    return {
      email: seller.email,
      profile: {
        _id: seller._id,
        name: seller.name,
        photo: seller.photo ?? '',
        verified: seller.verified === 'true' ? 'true' : 'false',
        memberSince: new Date(seller.memberSince).toISOString(),
        emailConfirmed: Boolean(seller.emailConfirmed),
        carsSold: Number(seller.carsSold),
        sellerType: dealer ? 'dealer' : 'private',
        dealer,
        rating: ratingOf(seller.reviewCount, seller.reviewSum),
        responses: {
          medianMinutes:
            median === null || median === undefined ? null : Math.round(Number(median) / 60),
          within48h: counted > 0 ? Number(answers!.within) / counted : null,
          bookings: Number(answers?.bookings ?? 0),
        },
      },
    };
  }

  /**
   * How many visible reviews a seller has (stored); null when the account is unknown, not a
   * seller's, or suspended (the seller page's 404).
   */
  async function reviewCount(id: string): Promise<number | null> {
    const [row] = await rowsOf<{ n: number | string }>(
      db,
      sql`select u.review_count as n from users u
        where u.id = ${id} and u.user_role = 'Seller' and u.suspended_at is null`,
    );
    return row ? Number(row.n) : null;
  }

  /** Sellers with at least one car for sale (the sitemap's) in `range`, in id order: `limit`. */
  async function withCarsIdsIn(range: IdRange, limit: number) {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`select u.id from users u where ${HAS_CARS} and ${inRange(sql`u.id`, range)}
        order by u.id limit ${limit}`,
    );
    return rows.map((row) => row.id);
  }

  /** Where files of the sellers with cars start: `first` in the first, `every` in each next. */
  const withCarsBounds = (first: number, every: number) =>
    boundsOf(db, sql`select u.id from users u where ${HAS_CARS}`, first, every);

  return { profile, reviewCount, withCarsIdsIn, withCarsBounds };
}
