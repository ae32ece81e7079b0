/**
 * A seller's cars: their list, and adding, advertising, editing and deleting one, with the list
 * changed at once where it can be; and decoding a VIN for the car's form. Loaded with the
 * seller's pages, not with every page's start-up script (the other endpoints' cache rules are in
 * index.ts).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { screenApi as api } from './generated/screenEndpoints';
import { KEEP_TAGS, optimistic, without, type Patch } from './cacheUpdates';
import type { Product } from './generated/cardealerApi';
import { carLists, LIST, listTags, tag } from './tags';

type CacheState = Parameters<typeof api.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<CacheState, unknown, UnknownAction>;

/** Every cached `getSellerProducts` list (one per seller email), patched. */
function patchSellerProducts(
  dispatch: Dispatch,
  getState: () => unknown,
  recipe: (products: Product[]) => void,
): Patch[] {
  const args = api.util.selectCachedArgsForQuery(getState() as CacheState, 'getSellerProducts');
  return args.map((arg) =>
    dispatch(api.util.updateQueryData('getSellerProducts', arg, recipe, KEEP_TAGS)),
  );
}

export const sellerApi = api.enhanceEndpoints({
  endpoints: {
    // A seller's cars, and which of them are advertised.
    getSellerProducts: {
      providesTags: (products) => [
        ...listTags('products', products, [LIST, carLists.sellers]),
        ...listTags('advertisement', products, []),
      ],
    },
    // A new car joins its category's pages, the seller's list and the searches (it is not
    // advertised).
    addProduct: {
      invalidatesTags: (_result, _error, { body }) => [
        tag('products', carLists.category(body.categoryName)),
        tag('products', carLists.sellers),
        tag('products', carLists.search),
      ],
    },
    // The advertisements, and the seller's list that shows this car's flag.
    advertiseProduct: {
      invalidatesTags: (_result, _error, { id }) => [
        tag('advertisement', LIST),
        tag('advertisement', id),
      ],
      // The flag is set (and 'Make advertisment' disabled) at once.
      onQueryStarted: ({ id }, { dispatch, getState, queryFulfilled }) =>
        optimistic(
          queryFulfilled,
          patchSellerProducts(dispatch, getState, (products) => {
            const product = products.find((item) => item._id === id);
            if (product) product.advertisement = 'true';
          }),
        ),
    },
    // Every list that shows this car (its category's pages, its seller's list, the
    // advertisements if it is advertised), and the bookings, which go with it.
    deleteProduct: {
      invalidatesTags: (_result, _error, { id }) => [tag('products', id), tag('orders', LIST)],
      // The row (and its advertisement) goes at once.
      onQueryStarted: ({ id }, { dispatch, getState, queryFulfilled }) =>
        optimistic(queryFulfilled, [
          ...patchSellerProducts(dispatch, getState, (products) => without(products, id)),
          dispatch(
            api.util.updateQueryData(
              'getAdvertisedProducts',
              undefined,
              (products) => without(products, id),
              KEEP_TAGS,
            ),
          ),
        ]),
    },
    // The owner asks for a second look at a car hidden by moderation: 'Review asked' at once.
    askListingReview: {
      invalidatesTags: (_result, _error, { id }) => [tag('products', id)],
      onQueryStarted: ({ id }, { dispatch, getState, queryFulfilled }) =>
        optimistic(
          queryFulfilled,
          patchSellerProducts(dispatch, getState, (products) => {
            const moderation = products.find((item) => item._id === id)?.moderation;
            if (moderation) moderation.reviewAsked = true;
          }),
        ),
    },
    // The car itself, every list that shows it (by its tag), and the category it may move to.
    updateProduct: {
      invalidatesTags: (_result, _error, { id, body }) => [
        tag('products', id),
        tag('products', carLists.sellers),
        ...(body.categoryName ? [tag('products', carLists.category(body.categoryName))] : []),
      ],
    },
  },
});

export const {
  useGetSellerProductsQuery,
  useAddProductMutation,
  useAdvertiseProductMutation,
  useDeleteProductMutation,
  useUpdateProductMutation,
  useAskListingReviewMutation,
  useLazyDecodeVinQuery,
} = sellerApi;
export type {
  AddProductApiArg,
  UpdateProductApiArg,
  VinDecoded,
} from './generated/screenEndpoints';
