import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { cardealerApi, type Product, type User } from './generated/cardealerApi';

/**
 * The one hand-written layer over the generated endpoints: cache tags (the spec §7 keys plus
 * `products` and `roles`) and what each mutation invalidates.
 */
export const api = cardealerApi.enhanceEndpoints({
  addTagTypes: ['buyers', 'sellers', 'orders', 'advertisement', 'categories', 'products', 'roles'],
  endpoints: {
    getCategories: { providesTags: ['categories'] },
    getAccessToken: { keepUnusedDataFor: 0 },
    getIsAdmin: { providesTags: ['roles'] },
    getIsBuyer: { providesTags: ['roles'] },
    getIsSeller: { providesTags: ['roles'] },
    // Registering or a first Google sign-in creates the record the role lookups read.
    upsertUser: { invalidatesTags: ['roles', 'buyers', 'sellers'] },
    getBuyers: { providesTags: ['buyers'] },
    getSellers: { providesTags: ['sellers'] },
    deleteUser: {
      invalidatesTags: ['buyers', 'sellers', 'products', 'advertisement', 'orders'],
      // The row goes at once; it comes back if the server refuses.
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) =>
        optimistic(queryFulfilled, [
          patchUserList(dispatch, 'getBuyers', (users) => without(users, id)),
          patchUserList(dispatch, 'getSellers', (users) => without(users, id)),
        ]),
    },
    verifySeller: {
      invalidatesTags: ['sellers', 'products', 'advertisement'],
      // 'Make seller verify' turns into 'verified' at once (there is no way back).
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) =>
        optimistic(queryFulfilled, [
          patchUserList(dispatch, 'getSellers', (users) => {
            const seller = users.find((user) => user._id === id);
            if (seller) seller.userVerify = 'true';
          }),
        ]),
    },
    getAdvertisedProducts: { providesTags: ['advertisement'] },
    getCategoryProducts: { providesTags: ['products'] },
    addProduct: { invalidatesTags: ['products', 'advertisement'] },
    getSellerProducts: { providesTags: ['products'] },
    advertiseProduct: {
      invalidatesTags: ['products', 'advertisement'],
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
    deleteProduct: {
      invalidatesTags: ['products', 'advertisement', 'orders'],
      // The row (and its advertisement) goes at once.
      onQueryStarted: ({ id }, { dispatch, getState, queryFulfilled }) =>
        optimistic(queryFulfilled, [
          ...patchSellerProducts(dispatch, getState, (products) => without(products, id)),
          dispatch(
            cardealerApi.util.updateQueryData('getAdvertisedProducts', undefined, (products) =>
              without(products, id),
            ),
          ),
        ]),
    },
    getOrders: { providesTags: ['orders'] },
    // Only a placed order changes My orders (a refused one changes nothing).
    createOrder: { invalidatesTags: (result) => (result ? ['orders'] : []) },
  },
});

// ---------------------------------------------------------------------------------------------
// Optimistic updates (redux-essentials style): patch the cached lists when a mutation starts,
// undo the patches if the server refuses. Tag invalidation then refetches the truth.

type CacheState = Parameters<typeof cardealerApi.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<CacheState, unknown, UnknownAction>;
type Patch = { undo: () => void };

/** Removes the record with this `_id` from a cached list (in place, as Immer wants). */
function without<T extends { _id: string }>(list: T[], id: string): void {
  const index = list.findIndex((item) => item._id === id);
  if (index >= 0) list.splice(index, 1);
}

/** Every cached `getSellerProducts` list (one per seller email), patched. */
function patchSellerProducts(
  dispatch: Dispatch,
  getState: () => unknown,
  recipe: (products: Product[]) => void,
): Patch[] {
  const args = cardealerApi.util.selectCachedArgsForQuery(
    getState() as CacheState,
    'getSellerProducts',
  );
  return args.map((arg) =>
    dispatch(cardealerApi.util.updateQueryData('getSellerProducts', arg, recipe)),
  );
}

/** The cached whole buyers or sellers list (asked for with no paging: `{}`), patched. */
function patchUserList(
  dispatch: Dispatch,
  endpoint: 'getBuyers' | 'getSellers',
  recipe: (users: User[]) => void,
): Patch {
  return dispatch(cardealerApi.util.updateQueryData(endpoint, {}, recipe));
}

/** Waits for the server; on a refusal the patches are undone (newest first). */
async function optimistic(queryFulfilled: Promise<unknown>, patches: Patch[]): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    for (const patch of [...patches].reverse()) patch.undo();
  }
}

export const {
  useGetCategoriesQuery,
  useGetIsAdminQuery,
  useGetIsBuyerQuery,
  useGetIsSellerQuery,
  useUpsertUserMutation,
  useGetBuyersQuery,
  useGetSellersQuery,
  useDeleteUserMutation,
  useVerifySellerMutation,
  useGetAdvertisedProductsQuery,
  useGetCategoryProductsQuery,
  useAddProductMutation,
  useGetSellerProductsQuery,
  useAdvertiseProductMutation,
  useDeleteProductMutation,
  useGetOrdersQuery,
  useCreateOrderMutation,
} = api;
export type {
  Category,
  Order,
  Product,
  User,
  AddProductApiArg,
  CreateOrderApiArg,
} from './generated/cardealerApi';

/** The server's `{message}` from a failed call, or a plain sentence for a network failure. */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (typeof error === 'object' && error !== null) {
    const data = 'data' in error ? (error as { data?: unknown }).data : undefined;
    if (typeof data === 'object' && data !== null && 'message' in data) {
      return String((data as { message: unknown }).message);
    }
    if ('status' in error && (error as { status: unknown }).status === 'FETCH_ERROR') {
      return 'The server could not be reached. Check your connection and try again.';
    }
  }
  return fallback;
}
