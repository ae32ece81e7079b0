/** What a search of the cars for sale asks and answers: its sorts, filters, cars and facets. */
import type { ProductRow } from '../platform/db/schema';
import type { Near, RadiusBy } from './search-near';
import type { BodyStyle, Fuel, Transmission } from '../platform/db/vehicle-fields';

export const SEARCH_SORTS = [
  'newest',
  'price_asc',
  'price_desc',
  'deal',
  'relevance',
  'mileage_asc',
  'year_desc',
  'distance',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
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
  /** Only the cars of dealers (sellers with a dealer profile), or only those of private sellers. */
  sellerType?: 'dealer' | 'private';
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
  /** Where the buyer is (a ZIP code's place): each car's distance is from it. */
  near?: Near;
  /** With `near`: only the cars within this many miles of it. */
  radiusMiles?: number;
  /**
   * How the radius is tested (radius-plan.ts): the point index's box first (the default), or
   * each car's distance alone, for a circle dense with cars in a sort with an index of its own.
   */
  radiusBy?: RadiusBy;
}

export interface SearchRequest extends SearchFilters {
  sort: SearchSort;
  limit: number;
  cursor?: string;
}

export interface Facets {
  category: Record<string, number>;
  condition: Record<string, number>;
  /** Cars of dealers and of private sellers ('dealer', 'private'), the seller type left out. */
  sellerType: Record<string, number>;
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
  /** With `near`: the cars within each radius (miles), every other filter applied. */
  distanceBands?: Record<string, number>;
  /**
   * The bands holding more cars than a search ranks: each of them has at least its number (more
   * than the cars read nearest first).
   */
  distanceBandsAtLeast?: string[];
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
