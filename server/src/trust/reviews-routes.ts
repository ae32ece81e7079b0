/**
 * Reviews: the buyer of a sold booking reviews its seller (once, within 90 days of the
 * sale), the seller replies once, and anyone reads a seller's visible reviews, newest first.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import { sendPageHeaders } from '../platform/http/page-headers';
import { REVIEW_WINDOW_DAYS } from './reviews-repository';
import { queryInteger, QueryInteger, withCursorErrors } from '../platform/http/paging';
import type { RoutesApp } from '../platform/http/routes-app';
import { ACCESS_TOKEN, errors, Id } from '../platform/http/schemas';

export const REVIEW_TEXT = { min: 10, max: 2000 } as const;
export const REPLY_MAX = 2000;
/** What a review of a booking whose seller deleted their account answers. */
export const SELLER_DELETED = "The seller's account is deleted: there is no one to review";
const DAY_MS = 24 * 3600 * 1000;
/** Reviews per page: 10 by default, at most 50. */
const REVIEWS_PAGE = 10;
const REVIEWS_MAX_PAGE = 50;

export const Review = Type.Object(
  {
    _id: Type.String(),
    orderId: Type.String(),
    rating: Type.Integer({ minimum: 1, maximum: 5 }),
    text: Type.String({ description: 'plain text: shown as written, never as markup' }),
    buyerName: Type.String(),
    productId: Type.String(),
    productName: Type.String({ description: "the car's name when it was sold" }),
    createdAt: Type.String({ format: 'date-time' }),
    reply: Type.Union([Type.String(), Type.Null()], { description: "the seller's one reply" }),
    repliedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { $id: 'Review', title: 'Review' },
);

const ReviewBody = Type.Object(
  {
    rating: Type.Integer({ minimum: 1, maximum: 5, description: '1 to 5 stars' }),
    text: Type.String({
      minLength: REVIEW_TEXT.min,
      maxLength: REVIEW_TEXT.max,
      pattern: '\\S',
      description: 'plain text, 10 to 2,000 characters',
    }),
  },
  { additionalProperties: false },
);

const ReplyBody = Type.Object(
  {
    text: Type.String({
      minLength: 1,
      maxLength: REPLY_MAX,
      pattern: '\\S',
      description: 'plain text, 1 to 2,000 characters',
    }),
  },
  { additionalProperties: false },
);

/** Characters as PostgreSQL's char_length and the schema count them (code points). */
const characters = (text: string) => [...text].length;

/**
 * The caller's account and the booking they are a party to (its buyer or its seller); anyone
 * else is told it does not exist, as every booking call does.
 */
async function callerAndBooking(app: RoutesApp, request: FastifyRequest, id: string) {
  const user = request.caller!.user;
  const order = user ? await app.repos.orders.findById(id) : null;
  if (!user || !order || (order.buyerId !== user._id && order.sellerId !== user._id)) {
    throw httpError(404, 'id: no such booking');
  }
  return { user, order };
}

/** A booking's review: written by its buyer once the car is sold, read by its two parties. */
function bookingReviewRoutes(app: RoutesApp): void {
  app.post(
    '/orders/:id/review',
    {
      onRequest: [app.authenticate],
      // The seller's rating shows on the catalogue's cards and pages: a review changes them.
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'reviewSeller',
        tags: ['reviews'],
        summary: "Reviews the seller of a sold booking (the booking's buyer, once)",
        description:
          '1 to 5 stars and 10 to 2,000 characters of plain text. Checks in this order: a ' +
          'malformed body 400; not a party to the booking 404 (as every booking call); the ' +
          "booking's seller 403; a booking not sold 409; a seller whose account is deleted 409 " +
          `'${SELLER_DELETED}'; a second review of the booking 409 ` +
          `'You already reviewed this booking'; more than ${REVIEW_WINDOW_DAYS} days after the ` +
          `sale 409 'Reviews close ${REVIEW_WINDOW_DAYS} days after the sale'. The seller is ` +
          "told (a 'review' notification, mailed). Rate-limited per account like messages.",
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        body: ReviewBody,
        response: { 201: Type.Ref('Review'), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const { user, order } = await callerAndBooking(app, request, request.params.id);
      if (order.buyerId !== user._id) {
        throw httpError(403, 'Only the buyer may review the seller of a booking');
      }
      const text = request.body.text.trim();
      if (characters(text) < REVIEW_TEXT.min) {
        throw httpError(400, 'text: must be 10 to 2,000 characters');
      }
      const sale = order.history.find((step) => step.status === 'sold');
      if (order.status !== 'sold' || !sale) {
        throw httpError(409, 'You can review the seller once the car is sold to you');
      }
      if (order.sellerId === null) throw httpError(409, SELLER_DELETED);
      if (await app.repos.reviews.ofOrder(order._id)) {
        throw httpError(409, 'You already reviewed this booking');
      }
      if (Date.now() - Date.parse(sale.at) > REVIEW_WINDOW_DAYS * DAY_MS) {
        throw httpError(409, `Reviews close ${REVIEW_WINDOW_DAYS} days after the sale`);
      }
      const written = await app.repos.reviews.write({
        orderId: order._id,
        sellerId: order.sellerId,
        buyerId: user._id,
        buyerName: user.name || order.buyerName,
        productId: order.productID,
        productName: order.productName,
        rating: request.body.rating,
        text,
      });
      if ('refused' in written) throw httpError(409, 'You already reviewed this booking');
      return reply.code(201).send(written.review);
    },
  );

  app.get(
    '/orders/:id/review',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getOrderReview',
        tags: ['reviews'],
        summary: "A booking's review, for its two parties (none yet: null; anyone else: 404)",
        description:
          'The booking page shows it, and whether the buyer may still write one. A review a ' +
          'moderator hid answers null to the seller and `hidden: true` to the buyer.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: {
          200: Type.Object({
            review: Type.Union([Type.Ref('Review'), Type.Null()]),
            hidden: Type.Boolean({ description: 'a moderator hid it (the buyer only)' }),
            canReview: Type.Boolean({
              description: `the caller is the buyer, the car sold to them within ${REVIEW_WINDOW_DAYS} days, the seller's account not deleted, and no review yet`,
            }),
            reviewsCloseAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
              description: 'when reviews of this booking close (null: not sold)',
            }),
          }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { user, order } = await callerAndBooking(app, request, request.params.id);
      const buyer = order.buyerId === user._id;
      const found = await app.repos.reviews.ofOrder(order._id);
      const sale = order.status === 'sold' && order.history.find((s) => s.status === 'sold');
      const closes = sale ? Date.parse(sale.at) + REVIEW_WINDOW_DAYS * DAY_MS : null;
      const hidden = Boolean(found?.hidden);
      const { hidden: _h, ...review } = found ?? { hidden: false };
      return {
        review: found && (!hidden || buyer) ? (review as typeof found) : null,
        hidden: buyer && hidden,
        canReview:
          buyer && !found && order.sellerId !== null && closes !== null && Date.now() <= closes,
        reviewsCloseAt: closes === null ? null : new Date(closes).toISOString(),
      };
    },
  );
}

/** The reviewed seller's one reply, and a seller's reviews for anyone to read. */
function sellerReviewRoutes(app: RoutesApp): void {
  app.post(
    '/reviews/:id/reply',
    {
      onRequest: [app.authenticate],
      // The seller page shows the reply: read on a standby, so its answer waits for them.
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'replyToReview',
        tags: ['reviews'],
        summary: 'The reviewed seller replies to a review, once',
        description:
          'Plain text, 1 to 2,000 characters. The reviewed seller only: the buyer who wrote it ' +
          "403; anyone else (or a review a moderator hid) 404; a second reply 409 'You already " +
          "replied to this review'. The buyer is told (a 'review_reply' notification, mailed). " +
          'Rate-limited per account like messages.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        body: ReplyBody,
        response: { 200: Type.Ref('Review'), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => {
      const user = request.caller!.user;
      const review = user ? await app.repos.reviews.findById(request.params.id) : null;
      const party = review && (review.sellerId === user?._id || review.buyerId === user?._id);
      if (!user || !review || review.hiddenAt || !party) {
        throw httpError(404, 'id: no such review');
      }
      if (review.sellerId !== user._id) {
        throw httpError(403, 'Only the reviewed seller may reply');
      }
      if (review.reply !== null) throw httpError(409, 'You already replied to this review');
      const replied = await app.repos.reviews.reply(
        review,
        user.name,
        review.productName,
        request.body.text.trim(),
      );
      if (!replied) throw httpError(409, 'You already replied to this review');
      return replied;
    },
  );

  app.get(
    '/sellers/:id/reviews',
    {
      schema: {
        operationId: 'getSellerReviews',
        tags: ['reviews'],
        summary: "A seller's reviews, newest first, one page (open to anyone)",
        description:
          "Reviews a moderator hid are left out. Keyset-paged: the next page's cursor (when " +
          'there is one) is in `X-Next-Cursor`; pass it back as `cursor`. A cursor not given by ' +
          "this server, or of another seller's reviews, is a 400 naming it. An unknown, " +
          'suspended or non-seller account: 404.',
        params: Type.Object({ id: Id }),
        querystring: Type.Object(
          {
            cursor: Type.Optional(
              Type.String({ minLength: 1, maxLength: 600, pattern: '^[A-Za-z0-9_-]+$' }),
            ),
            limit: Type.Optional(
              QueryInteger(1, REVIEWS_MAX_PAGE, `reviews per page (default ${REVIEWS_PAGE})`),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(Type.Ref('Review')), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const limit = queryInteger('limit', request.query.limit, 1, REVIEWS_MAX_PAGE) ?? REVIEWS_PAGE;
      // A seller page's reads: the catalogue's read handle (a review is a catalogue write).
      const total = await app.readRepos.sellers.reviewCount(id);
      if (total === null) throw httpError(404, 'id: no such seller');
      const page = await withCursorErrors(() =>
        app.readRepos.reviews.ofSeller(id, limit, request.query.cursor),
      );
      sendPageHeaders(reply, { total, nextCursor: page.nextCursor });
      return page.rows;
    },
  );
}

const reviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Review);

  bookingReviewRoutes(app);
  sellerReviewRoutes(app);
};

export default reviewRoutes;
