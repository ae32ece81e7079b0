/**
 * Reviews of sellers by the buyers of sold bookings: writing one (once per booking,
 * the seller told), the seller's one reply (the buyer told), and a seller's visible reviews,
 * newest first, keyset-paged with signed cursors. The seller's rating (`users.review_count`,
 * `review_sum`) is kept by the trigger `reviews_keep_rating`, never computed here.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { BadCursor } from '../platform/db/paging';
import { newId } from '../platform/db/ids';
import { reviews } from '../platform/db/schema';
import { cursorTimestamp, type CursorCodec } from '../platform/http/cursors';
import { rowsOf } from '../platform/db/rows';
import { notify } from './moderation-writes';
import { isUniqueViolation } from '../platform/db/db-errors';

/** Reviews close this long after the sale. */
export const REVIEW_WINDOW_DAYS = 90;

export interface NewReview {
  orderId: string;
  sellerId: string | null;
  buyerId: string;
  buyerName: string;
  productId: string;
  productName: string;
  rating: number;
  text: string;
}

/** A review as answered. */
export interface ReviewView {
  _id: string;
  orderId: string;
  rating: number;
  text: string;
  buyerName: string;
  productId: string;
  productName: string;
  createdAt: string;
  reply: string | null;
  repliedAt: string | null;
}

interface RawReview {
  _id: string;
  orderId: string;
  rating: number | string;
  text: string;
  buyerName: string;
  productId: string;
  productName: string;
  createdAt: Date | string;
  reply: string | null;
  repliedAt: Date | string | null;
  cursorKey?: string;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

function view({ cursorKey: _key, ...row }: RawReview): ReviewView {
  return {
    ...row,
    rating: Number(row.rating),
    createdAt: new Date(row.createdAt).toISOString(),
    repliedAt: iso(row.repliedAt),
  };
}

const REVIEW_COLUMNS = sql.raw(`r.id as "_id", r.order_id as "orderId", r.rating as "rating",
  r.text as "text", r.buyer_name as "buyerName", r.product_id as "productId",
  r.product_name as "productName", r.created_at as "createdAt", r.reply as "reply",
  r.replied_at as "repliedAt"`);

const stars = (rating: number) => (rating === 1 ? '1 star' : `${rating} stars`);

/** The sort name a reviews cursor carries (a search's cursor is not one). */
const CURSOR_SORT = 'reviews';

export function reviewsRepository(db: Db, cursors: CursorCodec) {
  /** One review by id (hidden ones too: the caller decides). */
  async function findById(id: string) {
    const [row] = await db
      .select({
        _id: reviews._id,
        orderId: reviews.orderId,
        sellerId: reviews.sellerId,
        buyerId: reviews.buyerId,
        productId: reviews.productId,
        productName: reviews.productName,
        reply: reviews.reply,
        hiddenAt: reviews.hiddenAt,
      })
      .from(reviews)
      .where(eq(reviews._id, id))
      .limit(1);
    return row ?? null;
  }

  /** The review of a booking (hidden or not), or null. */
  async function ofOrder(orderId: string): Promise<(ReviewView & { hidden: boolean }) | null> {
    const [row] = await rowsOf<RawReview & { hidden: boolean }>(
      db,
      sql`select ${REVIEW_COLUMNS}, r.hidden_at is not null as "hidden"
        from reviews r where r.order_id = ${orderId}`,
    );
    if (!row) return null;
    const { hidden, ...rest } = row;
    return { ...view(rest), hidden: Boolean(hidden) };
  }

  /**
   * Writes the review and tells the seller, in one transaction; a second review of the booking
   * (two at once included: the unique order_id) is refused.
   */
  async function write(review: NewReview): Promise<{ review: ReviewView } | { refused: 'exists' }> {
    try {
      return await db.transaction(async (tx) => {
        const _id = newId();
        await tx.insert(reviews).values({ _id, ...review });
        await notify(
          tx,
          review.sellerId,
          'review',
          `${review.buyerName} gave you ${stars(review.rating)} for ${review.productName}`,
          { orderId: review.orderId, productId: review.productId },
        );
        const [row] = await rowsOf<RawReview>(
          tx as unknown as Db,
          sql`select ${REVIEW_COLUMNS} from reviews r where r.id = ${_id}`,
        );
        return { review: view(row!) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) return { refused: 'exists' as const };
      throw error;
    }
  }

  /**
   * The seller's one reply: written only if there is none yet (of two at once, one wins), and
   * the buyer told. Null: already replied.
   */
  async function reply(
    review: { _id: string; buyerId: string | null; orderId: string; productId: string },
    sellerName: string,
    productName: string,
    text: string,
  ): Promise<ReviewView | null> {
    return db.transaction(async (tx) => {
      const [done] = await tx
        .update(reviews)
        .set({ reply: text, repliedAt: new Date() })
        .where(and(eq(reviews._id, review._id), isNull(reviews.reply)))
        .returning({ id: reviews._id });
      if (!done) return null;
      await notify(
        tx,
        review.buyerId,
        'review_reply',
        `${sellerName} replied to your review of ${productName}`,
        { orderId: review.orderId, productId: review.productId },
      );
      const [row] = await rowsOf<RawReview>(
        tx as unknown as Db,
        sql`select ${REVIEW_COLUMNS} from reviews r where r.id = ${review._id}`,
      );
      return view(row!);
    });
  }

  /**
   * A seller's visible reviews, newest first: `limit` after the cursor, and the next page's
   * cursor. A cursor of another seller's list, or not the server's, is a BadCursor.
   */
  async function ofSeller(sellerId: string, limit: number, cursor?: string) {
    let after = sql``;
    if (cursor !== undefined) {
      const at = cursors.decode(cursor);
      if (at.sort !== CURSOR_SORT || at.filter !== sellerId || at.order !== 'desc') {
        throw new BadCursor("cursor: belongs to another seller's reviews; start again without it");
      }
      after = sql` and (r.created_at, r.id) < (${cursorTimestamp(at.value)}::timestamptz, ${at.id})`;
    }
    const rows = await rowsOf<RawReview>(
      db,
      sql`select ${REVIEW_COLUMNS}, r.created_at::text as "cursorKey"
        from reviews r
        where r.seller_id = ${sellerId} and r.hidden_at is null${after}
        order by r.created_at desc, r.id desc
        limit ${limit + 1}`,
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    const nextCursor =
      more && last
        ? cursors.encode({
            sort: CURSOR_SORT,
            order: 'desc',
            filter: sellerId,
            value: String(last.cursorKey),
            id: last._id,
          })
        : null;
    return { rows: page.map(view), nextCursor };
  }

  return { findById, ofOrder, write, reply, ofSeller };
}

export type ReviewsRepository = ReturnType<typeof reviewsRepository>;
