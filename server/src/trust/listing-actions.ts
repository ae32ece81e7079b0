/**
 * The moderators' actions on a listing, a review and a target's reports, and the
 * owner's request for a second look. Each action is one transaction: the change, its line in the
 * audit log, the target's open reports closed (each reporter told) and the owner told. Two
 * moderators acting on one target at once: the row's lock (or a conditional update) lets one
 * act; the other finds the target changed and is refused, having written nothing.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client';
import { CATALOGUE_CHANNEL } from '../platform/cache/catalogue-replicas-repository';
import { products, reviews, users, type REPORT_TARGETS } from '../platform/db/schema';
import { closeReports, logAction, notify, type Moderator } from './moderation-writes';
import { endOpenBookings } from './open-bookings';

/** The reason the buyers of a hidden car's open bookings read. */
export const LISTING_REMOVED_REASON = 'Listing removed';

export type ListingRefusal =
  | 'no-car'
  | 'not-owner'
  | 'already-hidden'
  | 'not-hidden'
  | 'seller-suspended'
  | 'not-asked'
  | 'already-asked'
  | 'no-review'
  | 'review-hidden'
  | 'no-open-reports';

/** What an action did: its audit line's action, the reports it closed, the bookings declined. */
export interface ActionDone {
  action: 'hide_listing' | 'restore_listing' | 'approve_listing' | 'keep_hidden';
  closedReports: number;
  declinedBookings: number;
}

type Outcome<T> = T | { refused: ListingRefusal };

/** The car under a lock held to the end of the transaction, with its owner; null: none. */
async function lockedCar(tx: Tx, id: string) {
  const [car] = await tx
    .select({
      carName: products.carName,
      hidden: products.hidden,
      reviewAskedAt: products.reviewAskedAt,
      email: products.email,
      ownerId: users._id,
      ownerSuspendedAt: users.suspendedAt,
    })
    .from(products)
    .leftJoin(users, eq(users.email, products.email))
    .where(eq(products._id, id))
    .for('update', { of: products });
  return car ?? null;
}

/** Tells every replica that the catalogue changed (a write that no products trigger sees). */
async function catalogueNotice(tx: Tx) {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, nextval('catalogue_change')::text)`);
}

/**
 * What every action on a listing writes after its change: its line in the audit log, the car's
 * open reports closed as actioned (each reporter told), the owner told with `text`. Answers how
 * many reports it closed.
 */
async function actionDone(
  tx: Tx,
  moderator: Moderator,
  car: { carName: string; ownerId: string | null },
  done: { action: ActionDone['action']; id: string; reason: string; text: string },
): Promise<number> {
  const { action, id, reason } = done;
  await logAction(tx, moderator, { action, targetKind: 'product', targetId: id, reason });
  const closedReports = await closeReports(
    tx,
    { kind: 'product', id, name: car.carName },
    'actioned',
  );
  await notify(tx, car.ownerId, 'moderation', done.text, { productId: id });
  return closedReports;
}

/** The actions on a car: hide, restore or approve, keep hidden; and its owner's request. */
function carActions(db: Db) {
  return {
    /** Hides the car: out of sale, its open bookings declined, its owner told. */
    hide: (moderator: Moderator, id: string, reason: string) =>
      db.transaction(async (tx): Promise<Outcome<ActionDone>> => {
        const car = await lockedCar(tx, id);
        if (!car) return { refused: 'no-car' };
        if (car.hidden === 'moderation') return { refused: 'already-hidden' };
        await tx
          .update(products)
          .set({
            hidden: 'moderation',
            hiddenReason: reason,
            hiddenAt: sql`now()`,
            reviewAskedAt: null,
          })
          .where(eq(products._id, id));
        const declinedBookings = await endOpenBookings(
          tx,
          { productId: id },
          LISTING_REMOVED_REASON,
        );
        const closedReports = await actionDone(tx, moderator, car, {
          action: 'hide_listing',
          id,
          reason,
          text: `Your listing ${car.carName} was hidden by moderation: ${reason}`,
        });
        return { action: 'hide_listing', closedReports, declinedBookings };
      }),

    /**
     * Puts a hidden car back on sale: one hidden by moderation (restore) or pending approval
     * (approve). Not one hidden with its seller's suspension, nor any car of a suspended seller.
     */
    restore: (moderator: Moderator, id: string, reason: string) =>
      db.transaction(async (tx): Promise<Outcome<ActionDone>> => {
        const car = await lockedCar(tx, id);
        if (!car) return { refused: 'no-car' };
        if (!car.hidden) return { refused: 'not-hidden' };
        if (car.hidden === 'suspension' || car.ownerSuspendedAt) {
          return { refused: 'seller-suspended' };
        }
        const action = car.hidden === 'pending' ? 'approve_listing' : 'restore_listing';
        // Back on sale: the trigger `alert_work_return` queues it for the saved searches as newly
        // listed.
        await tx
          .update(products)
          .set({ hidden: null, hiddenReason: null, hiddenAt: null, reviewAskedAt: null })
          .where(eq(products._id, id));
        const text =
          action === 'approve_listing'
            ? `Your listing ${car.carName} was approved: ${reason}`
            : `Your listing ${car.carName} was restored by moderation: ${reason}`;
        const closedReports = await actionDone(tx, moderator, car, { action, id, reason, text });
        return { action, closedReports, declinedBookings: 0 };
      }),

    /** Answers the owner's request for a second look: it stays hidden, with this reason. */
    keepHidden: (moderator: Moderator, id: string, reason: string) =>
      db.transaction(async (tx): Promise<Outcome<ActionDone>> => {
        const car = await lockedCar(tx, id);
        if (!car) return { refused: 'no-car' };
        if (car.hidden !== 'moderation') return { refused: 'not-hidden' };
        if (!car.reviewAskedAt) return { refused: 'not-asked' };
        await tx
          .update(products)
          .set({ hiddenReason: reason, reviewAskedAt: null })
          .where(eq(products._id, id));
        const closedReports = await actionDone(tx, moderator, car, {
          action: 'keep_hidden',
          id,
          reason,
          text: `Your listing ${car.carName} stays hidden: ${reason}`,
        });
        return { action: 'keep_hidden', closedReports, declinedBookings: 0 };
      }),

    /** The owner asks for their car, hidden by moderation, to be looked at again (once). */
    askReview: (ownerEmail: string, id: string) =>
      db.transaction(async (tx): Promise<Outcome<{ reviewAskedAt: Date }>> => {
        const car = await lockedCar(tx, id);
        if (!car) return { refused: 'no-car' };
        if (car.email !== ownerEmail) return { refused: 'not-owner' };
        if (car.hidden !== 'moderation') return { refused: 'not-hidden' };
        if (car.reviewAskedAt) return { refused: 'already-asked' };
        const [row] = await tx
          .update(products)
          .set({ reviewAskedAt: sql`now()` })
          .where(eq(products._id, id))
          .returning({ reviewAskedAt: products.reviewAskedAt });
        return { reviewAskedAt: row!.reviewAskedAt! };
      }),
  };
}

/** The actions on a review and on a target's reports. */
function reviewAndReportActions(db: Db) {
  return {
    /** Hides a review: it leaves every list and the seller's rating; its author is told. */
    hideReview: (moderator: Moderator, id: string, reason: string) =>
      db.transaction(async (tx): Promise<Outcome<{ action: 'hide_review' }>> => {
        const [review] = await tx
          .update(reviews)
          .set({ hiddenAt: sql`now()`, hiddenReason: reason })
          .where(and(eq(reviews._id, id), isNull(reviews.hiddenAt)))
          .returning({
            buyerId: reviews.buyerId,
            orderId: reviews.orderId,
            productName: reviews.productName,
          });
        if (!review) {
          const [found] = await tx
            .select({ id: reviews._id })
            .from(reviews)
            .where(eq(reviews._id, id));
          return { refused: found ? 'review-hidden' : 'no-review' };
        }
        await logAction(tx, moderator, {
          action: 'hide_review',
          targetKind: 'review',
          targetId: id,
          reason,
        });
        await notify(
          tx,
          review.buyerId,
          'moderation',
          `Your review of ${review.productName} was hidden by moderation: ${reason}`,
          { orderId: review.orderId },
        );
        // The seller's rating shows on the cards and pages the catalogue caches.
        await catalogueNotice(tx);
        return { action: 'hide_review' };
      }),

    /** Closes the target's open reports as unfounded; nothing else changes. */
    dismiss: (
      moderator: Moderator,
      kind: (typeof REPORT_TARGETS)[number],
      id: string,
      reason: string,
    ) =>
      db.transaction(async (tx): Promise<Outcome<{ action: 'dismiss'; closedReports: number }>> => {
        const [named] =
          kind === 'product'
            ? await tx.select({ name: products.carName }).from(products).where(eq(products._id, id))
            : await tx.select({ name: users.name }).from(users).where(eq(users._id, id));
        const name =
          named?.name ?? (kind === 'product' ? 'a removed listing' : 'a removed account');
        const closedReports = await closeReports(tx, { kind, id, name }, 'dismissed');
        if (closedReports === 0) return { refused: 'no-open-reports' };
        await logAction(tx, moderator, {
          action: 'dismiss',
          targetKind: kind,
          targetId: id,
          reason,
        });
        return { action: 'dismiss', closedReports };
      }),
  };
}

export function listingActions(db: Db) {
  return { ...carActions(db), ...reviewAndReportActions(db) };
}

export type ListingActions = ReturnType<typeof listingActions>;
