import { cardealerApi } from './generated/cardealerApi';

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
    deleteUser: { invalidatesTags: ['buyers', 'sellers', 'products', 'advertisement', 'orders'] },
    verifySeller: { invalidatesTags: ['sellers', 'products', 'advertisement'] },
    getAdvertisedProducts: { providesTags: ['advertisement'] },
    getCategoryProducts: { providesTags: ['products'] },
    addProduct: { invalidatesTags: ['products', 'advertisement'] },
    getSellerProducts: { providesTags: ['products'] },
    advertiseProduct: { invalidatesTags: ['products', 'advertisement'] },
    deleteProduct: { invalidatesTags: ['products', 'advertisement', 'orders'] },
    getOrders: { providesTags: ['orders'] },
    createOrder: { invalidatesTags: ['orders'] },
  },
});

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
