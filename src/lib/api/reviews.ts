/**
 * Reviews and seller pages: a seller's profile, their reviews page after page by
 * cursor, a booking's review, writing one and replying to one. Loaded with the seller page and
 * the booking page only (screen endpoints), never with a public page's start-up script.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { screenApi as api, type Review } from './generated/screenEndpoints';
import { tag } from './tags';

export type { Review, SellerPage, SellerRating } from './generated/screenEndpoints';

/** Reviews a seller page shows at a time. */
export const REVIEWS_PAGE_SIZE = 10;

export interface ReviewPage {
  reviews: Review[];
  nextCursor: string | null;
  total: number;
}

const header = (meta: unknown, name: string) =>
  (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(name) ?? null;

export const reviewsApi = api
  .injectEndpoints({
    endpoints: (build) => ({
      /** A seller's visible reviews, newest first, page after page (X-Next-Cursor). */
      getSellerReviewPages: build.infiniteQuery<ReviewPage, { id: string }, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
        },
        query: ({ queryArg, pageParam }) => ({
          url: `/api/sellers/${encodeURIComponent(queryArg.id)}/reviews`,
          params: { limit: REVIEWS_PAGE_SIZE, cursor: pageParam ?? undefined },
        }),
        transformResponse: (reviews: Review[], meta): ReviewPage => {
          const total = Number(header(meta, 'X-Total-Count') ?? Number.NaN);
          return {
            reviews,
            nextCursor: header(meta, 'X-Next-Cursor') || null,
            total: Number.isFinite(total) ? total : reviews.length,
          };
        },
        providesTags: (_data, _error, { id }) => [tag('reviews', `seller:${id}`)],
      }),
    }),
  })
  .enhanceEndpoints({
    endpoints: {
      getSeller: { providesTags: (_data, _error, { id }) => [tag('reviews', `seller:${id}`)] },
      getOrderReview: { providesTags: (_data, _error, { id }) => [tag('reviews', id)] },
      reviewSeller: {
        invalidatesTags: (result, _error, { id }) => (result ? [tag('reviews', id)] : []),
      },
      replyToReview: {
        invalidatesTags: (result) => (result ? [tag('reviews', result.orderId)] : []),
      },
    },
  });

export const {
  useGetSellerQuery,
  useGetSellerReviewPagesInfiniteQuery,
  useGetOrderReviewQuery,
  useReviewSellerMutation,
  useReplyToReviewMutation,
} = reviewsApi;
