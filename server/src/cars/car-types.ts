/** A car as the answers carry it, and its seller in brief. */
import type { DealerProfile } from '../accounts/dealer-schemas';
import type { ProductRow } from '../platform/db/schema';
import type { VehicleData } from '../platform/db/vehicle-fields';
import type { FairPrice } from '../valuation/value-types';
import type { SellerRating } from './seller-rating';

type Condition = ProductRow['condition'];

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
  /** 'dealer': the seller has a dealer profile; 'private' otherwise (an account gone too). */
  sellerType: 'dealer' | 'private';
  /** Its US ZIP code and that place's name ('Austin, TX'); both null: the car has no place. */
  zip: string | null;
  place: string | null;
}

export interface SellerSummary {
  name: string;
  photo: string;
  verified: boolean;
  memberSince: string;
  carsSold: number;
  sellerType: 'dealer' | 'private';
  /** The seller's business; null: a private seller. */
  dealer: DealerProfile | null;
}
