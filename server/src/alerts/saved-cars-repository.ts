import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { products, savedCars, users } from '../platform/db/schema';

/** The most cars one account may save. */
export const SAVED_CARS_CAP = 500;

/** Where a saved car stands now: for sale, sold, or gone (deleted, or its seller's account). */
export type SavedCarStatus = 'listed' | 'sold' | 'gone';

export interface SavedCarView {
  productId: string;
  carName: string;
  carPhoto: string;
  /** The price when saved. */
  savedPrice: number;
  savedAt: string;
  status: SavedCarStatus;
  /** The price now; null once the car is gone. */
  price: number | null;
  /** Whether its price drops and its sale are alerted. */
  alerts: boolean;
}

/**
 * Why a save was refused: no such car, the account's list is full, the account is gone, or the
 * car is hidden (by a moderator, or held for approval) from this caller.
 */
export type SaveRefusal = { refused: 'no-car' | 'full' | 'no-account' | 'hidden' };

/** An account's saved cars, by the account's id. */
export function savedCarsRepository(db: Db) {
  /** The saved cars joined to the cars that are still there. */
  const view = (on: Pick<Db, 'select'> = db) =>
    on
      .select({
        productId: savedCars.productId,
        keptName: savedCars.carName,
        keptPhoto: savedCars.carPhoto,
        savedPrice: savedCars.savedPrice,
        savedAt: savedCars.savedAt,
        alerts: savedCars.alerts,
        carName: products.carName,
        carPhoto: products.carPhoto,
        price: products.resalePrice,
        soldAt: products.soldAt,
        hidden: products.hidden,
      })
      .from(savedCars)
      .leftJoin(products, eq(products._id, savedCars.productId));

  type Row = Awaited<ReturnType<ReturnType<typeof view>['execute']>>[number];
  const toView = (row: Row): SavedCarView => {
    // A hidden car is gone for whoever saved it, until it comes back: nothing of it
    // now, not even its name, which a moderator may have hidden it for.
    const there = row.price !== null && row.hidden === null;
    return {
      productId: row.productId,
      // While the car is there, what it shows now; after, the copy kept when it was saved.
      carName: (there ? row.carName : null) ?? row.keptName,
      carPhoto: (there ? row.carPhoto : null) ?? row.keptPhoto,
      savedPrice: row.savedPrice,
      savedAt: row.savedAt.toISOString(),
      status: !there ? 'gone' : row.soldAt ? 'sold' : 'listed',
      price: there ? row.price : null,
      alerts: row.alerts,
    };
  };

  return {
    /** An account's saved cars, the latest saved first (at most SAVED_CARS_CAP). */
    async of(userId: string): Promise<SavedCarView[]> {
      const rows = await view()
        .where(eq(savedCars.userId, userId))
        .orderBy(desc(savedCars.savedAt), desc(savedCars.productId))
        .limit(SAVED_CARS_CAP);
      return rows.map(toView);
    },

    /**
     * Saves a car for an account, with a copy of its name, photo and price now. Saving one already
     * saved changes nothing (its price when saved stays). The account's row is locked while the
     * list is counted, so two saves at once cannot pass the cap together; the primary key makes
     * two saves of one car one row. A hidden car is saved only by whom `mayReadHidden` lets see
     * it (given its seller's e-mail), as its page is shown only to them.
     */
    async save(
      userId: string,
      productId: string,
      mayReadHidden: (ownerEmail: string) => boolean,
    ): Promise<SavedCarView | SaveRefusal> {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: users._id })
          .from(users)
          .where(eq(users._id, userId))
          .for('update');
        // Deleted since the call began: nothing to save it for.
        if (!account) return { refused: 'no-account' as const };
        const saved = () =>
          view(tx)
            .where(and(eq(savedCars.userId, userId), eq(savedCars.productId, productId)))
            .limit(1);
        // Saved already (even a car gone since): as it is.
        const [kept] = await saved();
        if (kept) return toView(kept);
        const [car] = await tx
          .select({
            carName: products.carName,
            carPhoto: products.carPhoto,
            price: products.resalePrice,
            hidden: products.hidden,
            ownerEmail: products.email,
          })
          .from(products)
          .where(eq(products._id, productId));
        if (!car) return { refused: 'no-car' as const };
        if (car.hidden !== null && !mayReadHidden(car.ownerEmail)) {
          return { refused: 'hidden' as const };
        }
        const [total] = await tx
          .select({ n: count() })
          .from(savedCars)
          .where(eq(savedCars.userId, userId));
        if ((total?.n ?? 0) >= SAVED_CARS_CAP) return { refused: 'full' as const };
        await tx.insert(savedCars).values({
          userId,
          productId,
          carName: car.carName,
          carPhoto: car.carPhoto,
          savedPrice: car.price,
        });
        const [row] = await saved();
        return toView(row!);
      });
    },

    /** Turns a saved car's alerts on or off; null when the account has not saved it. */
    async setAlerts(userId: string, productId: string, alerts: boolean) {
      const mine = and(eq(savedCars.userId, userId), eq(savedCars.productId, productId));
      const changed = await db
        .update(savedCars)
        .set({ alerts })
        .where(mine)
        .returning({ productId: savedCars.productId });
      if (!changed.length) return null;
      const [row] = await view().where(mine).limit(1);
      return row ? toView(row) : null;
    },

    /** Unsaves a car; answers how many rows went (0: it was not saved). */
    async remove(userId: string, productId: string): Promise<number> {
      const rows = await db
        .delete(savedCars)
        .where(and(eq(savedCars.userId, userId), eq(savedCars.productId, productId)))
        .returning({ productId: savedCars.productId });
      return rows.length;
    },
  };
}

export type SavedCarsRepository = ReturnType<typeof savedCarsRepository>;
