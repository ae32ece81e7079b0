/** The columns a search or a car's page reads of a car, and how a row becomes its answer. */
import { sql } from 'drizzle-orm';
import { VEHICLE_COLUMNS_SQL } from '../platform/db/vehicle-fields';
import { marketOf, type MarketColumns } from '../valuation/fair-price';
import type { SearchProduct } from './car-types';
import { ratingOf } from './seller-rating';

/** The name of the car's place ('Austin, TX'), by its ZIP's primary key; null without a ZIP. */
export const PLACE_NAME_SQL = `(select pl.city || ', ' || pl.state from places pl where pl.zip = p.zip)`;

/** The seller's type: 'dealer' when their account has a dealer profile. */
const SELLER_TYPE_SQL = `case when exists (select 1 from dealer_profiles d where d.user_id = u.id)
  then 'dealer' else 'private' end`;

export const COLUMNS = sql.raw(`p.id as "_id", p.car_name as "carName", p.car_photo as "carPhoto",
  p.category_name as "categoryName", p.condition as "condition",
  p.original_price as "originalPrice", p.resale_price as "resalePrice",
  p.product_location as "productLocation", p.user_years as "userYears",
  p.post_time as "postTime", p.product_description as "productDescription",
  p.seller_name as "sellerName", p.seller_photo as "sellerPhoto", p.email as "email",
  p.advertisement as "advertisement", coalesce(u.user_verify, 'false') as "isVerify",
  p.sold_at is not null as "sold", p.photos as "photos", u.id as "sellerId",
  u.review_count as "reviewCount", u.review_sum as "reviewSum", p.zip as "zip",
  ${PLACE_NAME_SQL} as "place", ${SELLER_TYPE_SQL} as "sellerType", ${VEHICLE_COLUMNS_SQL}`);

export interface RawRow
  extends Omit<SearchProduct, 'fairPrice' | 'sellerRating'>, Partial<MarketColumns> {
  /** The seller's stored rating (users.review_count, review_sum; null: no account). */
  reviewCount: number | string | null;
  reviewSum: number | string | null;
  cursorKey?: string | number;
  createdAt?: unknown;
  inlineTotal?: number | string;
}

export function toProduct(row: RawRow): SearchProduct {
  const {
    mvValue,
    mvBasis,
    mvListings,
    mvMakeListings,
    mvRatio,
    cursorKey: _key,
    createdAt: _at,
    inlineTotal: _total,
    reviewCount,
    reviewSum,
    ...product
  } = row;
  const { fairPrice } = marketOf({ mvValue, mvBasis, mvListings, mvMakeListings, mvRatio });
  return {
    ...product,
    originalPrice: Number(product.originalPrice),
    resalePrice: Number(product.resalePrice),
    userYears: Number(product.userYears),
    photos: product.photos.length > 0 ? product.photos : [product.carPhoto],
    fairPrice,
    sellerRating: ratingOf(reviewCount, reviewSum),
  };
}
