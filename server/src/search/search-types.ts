/** What a search of the cars for sale asks and answers: its sorts, filters, cars and facets. */
import type { ProductRow } from '../platform/db/schema';
import type { SellerRating } from '../cars/seller-rating';
import type { BodyStyle, Fuel, Transmission, VehicleData } from '../platform/db/vehicle-fields';

export const SEARCH_SORTS = [
  'newest',
  'price_asc',
  'price_desc',
  'deal',
  'relevance',
  'mileage_asc',
  'year_desc',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const FAIR_PRICE_RATINGS = ['great', 'good', 'fair', 'high'] as const;
export type FairPriceRating = (typeof FAIR_PRICE_RATINGS)[number];
/** Fewer listings behind a market value than this: no rating (no fair price). */
export const MIN_COMPARABLES = 5;
/** Comparables' years used differ from the car's by at most this. */
export const COMPARABLE_YEARS = 2;

type Condition = ProductRow['condition'];

export interface SearchFilters {
  /** Free text over name, description, location and category (typos forgiven). */
  q?: string;
  /** Stored category names (any of them). */
  categories?: string[];
  conditions?: Condition[];
  minPrice?: number;
  maxPrice?: number;
  minYears?: number;
  maxYears?: number;
  /** A part of the location, case-insensitive. */
  location?: string;
  /** Only cars of verified sellers. */
  verified?: boolean;
  /** Models, as stored (any of them). */
  models?: string[];
  minModelYear?: number;
  maxModelYear?: number;
  minMileage?: number;
  maxMileage?: number;
  fuels?: Fuel[];
  transmissions?: Transmission[];
  bodyStyles?: BodyStyle[];
  /** Only the cars of this seller's account (the seller page's list). */
  seller?: string;
  /** Only cars listed after this moment (a saved search's new matches); ISO date-time. */
  listedAfter?: string;
}

export interface SearchRequest extends SearchFilters {
  sort: SearchSort;
  limit: number;
  cursor?: string;
}

export interface FairPrice {
  rating: FairPriceRating;
  median: number;
  comparables: number;
}

/** A car's market value and what it rests on (market-valuation.ts). */
export interface MarketValue {
  /** Whole dollars. */
  value: number;
  basis: 'model' | 'make' | 'comparables';
  /** The model's listings for sale ('model', 'make'), or the comparables. */
  listings: number;
  /** The make's listings for sale, for a value from the make's fit; else null. */
  makeListings: number | null;
  /** Whether the price is rated against it (fairPrice not null). */
  rated: boolean;
}

/** A car as search and the car's page answer it. */
/** A car as search and its page answer it, with its vehicle data. */
export interface SearchProduct extends VehicleData {
  _id: string;
  carName: string;
  carPhoto: string;
  categoryName: string;
  condition: Condition;
  originalPrice: number;
  resalePrice: number;
  productLocation: string;
  userYears: number;
  postTime: string;
  productDescription: string;
  sellerName: string;
  sellerPhoto: string;
  email: string;
  advertisement: 'true' | 'false';
  isVerify: 'true' | 'false';
  sold: boolean;
  photos: string[];
  fairPrice: FairPrice | null;
  /** The seller's account (null: gone) and stored rating. */
  sellerId: string | null;
  sellerRating: SellerRating;
}

export interface Facets {
  category: Record<string, number>;
  condition: Record<string, number>;
  price: { min: number; max: number } | null;
  years: { min: number; max: number } | null;
  /**
   * Whether the counts are exact; false when the matches were more than a search ranks (the
   * counts of the first of them, scaled to the planner's estimate of all, two significant
   * figures; the ranges those of the cars read).
   */
  countsExact: boolean;
  /** The words of `q` left out because no car has them (the search leaves them out too). */
  ignoredWords: string[];
}

/** The vehicle facets: counts per value (each facet's own filter left out), and ranges. */
export interface VehicleFacets {
  model: Record<string, number>;
  fuel: Record<string, number>;
  transmission: Record<string, number>;
  bodyStyle: Record<string, number>;
  modelYear: { min: number; max: number } | null;
  mileage: { min: number; max: number } | null;
}

export interface SellerSummary {
  name: string;
  photo: string;
  verified: boolean;
  memberSince: string;
  carsSold: number;
}
