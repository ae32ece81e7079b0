/**
 * A seller's writes to their cars: posting and changing one (one live listing of a VIN per
 * seller, held by a partial unique index), advertising and deleting one; and the photos an edit
 * starts from.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { VehicleValues } from './vehicle-schemas';
import { forSale } from '../platform/db/for-sale';
import type { Db } from '../platform/db/client';
import { products, type ProductRow } from '../platform/db/schema';
import { newId } from '../platform/db/ids';

/**
 * The seller already has a car for sale with this VIN (the partial unique index
 * products_seller_vin_for_sale_idx).
 */
export class VinAlreadyListed extends Error {
  constructor() {
    super('You already listed this car');
  }
}

/** Runs a write; a second live listing of a VIN by its seller becomes VinAlreadyListed. */
async function oneListingPerVin<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const cause = ((error as { cause?: unknown }).cause ?? error) as {
      code?: string;
      constraint?: string;
      message?: string;
    };
    const index = 'products_seller_vin_for_sale_idx';
    if (
      cause.code === '23505' &&
      (cause.constraint === index || String(cause.message).includes(index))
    ) {
      throw new VinAlreadyListed();
    }
    throw error;
  }
}

/** A car not sold (hidden or not): what its seller may still edit. */
const notSold = isNull(products.soldAt);

export type NewProduct = Omit<
  ProductRow,
  | '_id'
  | 'advertisement'
  | 'createdAt'
  | 'soldAt'
  | 'photos'
  | 'updatedAt'
  | 'search'
  | 'vinShared'
  | 'hidden'
  | 'hiddenReason'
  | 'hiddenAt'
  | 'reviewAskedAt'
  | 'zip'
  | 'latitude'
  | 'longitude'
  | keyof VehicleValues
> &
  VehicleValues &
  Partial<Pick<ProductRow, 'zip' | 'latitude' | 'longitude'>> & {
    /** Every photo, the cover first; default: the cover alone. */
    photos?: string[];
    /** 'pending': posted to wait for a moderator's approval (a new seller's). */
    hidden?: 'pending';
  };

/** What a seller's edit may change (PATCH /products/{id}). */
export type ProductChanges = Partial<
  Pick<
    ProductRow,
    | 'carName'
    | 'carPhoto'
    | 'photos'
    | 'categoryName'
    | 'condition'
    | 'originalPrice'
    | 'resalePrice'
    | 'productLocation'
    | 'userYears'
    | 'postTime'
    | 'productDescription'
    | 'sellerName'
    | 'sellerPhoto'
    | 'zip'
    | 'latitude'
    | 'longitude'
  >
> &
  VehicleValues;

/** The writes of cars, and a car's photos (part of the products repository). */
export function productWrites(db: Db) {
  return {
    /** VinAlreadyListed: the seller has a car for sale with its VIN. */
    async insert(product: NewProduct): Promise<string> {
      const id = newId();
      await oneListingPerVin(() =>
        db.insert(products).values({
          ...product,
          photos: product.photos ?? [product.carPhoto],
          _id: id,
          advertisement: 'false',
          ...(product.hidden ? { hiddenAt: new Date() } : {}),
        }),
      );
      return id;
    },

    /**
     * Changes a car not sold (its seller's edit; a hidden car too) and sets `updatedAt`; answers
     * false when it is gone or sold meanwhile. VinAlreadyListed: the seller has another car for sale with its VIN.
     */
    async update(id: string, changes: ProductChanges): Promise<boolean> {
      const changed = await oneListingPerVin(() =>
        db
          .update(products)
          .set({ ...changes, updatedAt: sql`now()` })
          .where(and(eq(products._id, id), notSold))
          .returning({ _id: products._id }),
      );
      return changed.length > 0;
    },

    /** The photos of a car, the cover first. */
    async photosOf(id: string): Promise<string[] | null> {
      const [row] = await db
        .select({ photos: products.photos, carPhoto: products.carPhoto })
        .from(products)
        .where(eq(products._id, id));
      if (!row) return null;
      return row.photos.length > 0 ? row.photos : [row.carPhoto];
    },

    /** Sets the advertisement flag of a car for sale; answers how many rows changed. */
    async advertise(id: string): Promise<number> {
      const changed = await db
        .update(products)
        .set({ advertisement: 'true' })
        .where(and(eq(products._id, id), eq(products.advertisement, 'false'), forSale))
        .returning({ _id: products._id });
      return changed.length;
    },

    /**
     * Deletes the product; the database declines its open bookings ('The car was removed') and
     * keeps every booking (a trigger on the products' delete).
     */
    async delete(id: string): Promise<number> {
      const rows = await db
        .delete(products)
        .where(eq(products._id, id))
        .returning({ _id: products._id });
      const deleted = rows.length;
      return deleted;
    },
  };
}
