import { header, totalOf } from './cacheUpdates';
import { cardealerApi, type ListedProduct } from './generated/cardealerApi';
import { carLists, LIST, listTags, tag, TAG_TYPES } from './tags';

// ---------------------------------------------------------------------------------------------
// Paged lists: the generated endpoints cannot read response headers, so the
// pages are hand-written here. Without parameters the generated ones still answer whole lists.

/** Cars a category page asks for at a time. */
export const CATEGORY_PAGE_SIZE = 24;

/** One page of a category's cars; `nextCursor` is null on the last page. */
export interface ProductPage {
  products: ListedProduct[];
  nextCursor: string | null;
  total: number;
}

const withPages = cardealerApi.injectEndpoints({
  endpoints: (build) => ({
    /** A category's cars, newest first, 24 at a time by keyset cursor (X-Next-Cursor). */
    getCategoryProductPages: build.infiniteQuery<
      ProductPage,
      { categoryName: string },
      string | null
    >({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/api/category-products/${encodeURIComponent(queryArg.categoryName)}`,
        params: { limit: CATEGORY_PAGE_SIZE, cursor: pageParam ?? undefined },
      }),
      transformResponse: (products: ListedProduct[], meta): ProductPage => ({
        products,
        nextCursor: header(meta, 'X-Next-Cursor') || null,
        total: totalOf(meta, products.length),
      }),
    }),
  }),
});

/** The role lookups' tag: one per email (compared case-insensitively, as the server does). */
const roleTag = (email: string) => tag('roles', email.toLowerCase());

/**
 * The one hand-written layer over the generated endpoints: cache tags with ids
 * (src/lib/api/tags.ts) and what each mutation invalidates.
 */
export const api = withPages.enhanceEndpoints({
  addTagTypes: TAG_TYPES,
  endpoints: {
    getCategories: { providesTags: (categories) => listTags('categories', categories) },
    getAccessToken: { keepUnusedDataFor: 0 },
    getIsAdmin: { providesTags: (_result, _error, { email }) => [roleTag(email)] },
    getIsBuyer: { providesTags: (_result, _error, { email }) => [roleTag(email)] },
    getIsSeller: { providesTags: (_result, _error, { email }) => [roleTag(email)] },
    // Registering or a first Google sign-in creates the record the role lookups read.
    upsertUser: {
      invalidatesTags: (_result, _error, { body }) => [
        roleTag(body.email),
        tag('buyers', LIST),
        tag('sellers', LIST),
      ],
    },
    getBuyers: { providesTags: (users) => listTags('buyers', users) },
    getSellers: { providesTags: (users) => listTags('sellers', users) },
    // Each car by id, every car list, and this category's pages.
    getCategoryProductPages: {
      providesTags: (data, _error, { categoryName }) =>
        listTags(
          'products',
          data?.pages.flatMap((page) => page.products),
          [LIST, carLists.category(categoryName)],
        ),
    },
    getCategoryProducts: {
      providesTags: (products, _error, { categoryName }) =>
        listTags('products', products, [LIST, carLists.category(categoryName)]),
    },
    // The advertised cars (by id: one deleted or sold leaves the list).
    getAdvertisedProducts: {
      providesTags: (products) => [
        ...listTags('products', products, []),
        tag('advertisement', LIST),
      ],
    },
    // A plain search (a sold car's similar cars): each car by id, and the searches' list, which
    // a new car invalidates.
    searchProducts: {
      providesTags: (cars) => listTags('products', cars, [LIST, carLists.search]),
    },
    // One car's page (with its photos, seller and fair price).
    getProduct: { providesTags: (_car, _error, { id }) => [tag('products', id)] },
    getOrders: { providesTags: (orders) => listTags('orders', orders) },
    // Only a placed order joins the lists of bookings (a refused one changes nothing).
    createOrder: { invalidatesTags: (result) => (result ? [tag('orders', LIST)] : []) },
  },
});

export const {
  useGetCategoriesQuery,
  useGetIsAdminQuery,
  useGetIsBuyerQuery,
  useGetIsSellerQuery,
  useGetAdvertisedProductsQuery,
  useGetCategoryProductPagesInfiniteQuery,
  useGetProductQuery,
  useSearchProductsQuery,
  useGetOrdersQuery,
  useCreateOrderMutation,
  useGetPlaceQuery,
  useValueCarQuery,
} = api;
/** The contract's enums and limits as values, for forms and choices (generated with the API). */
export {
  operationLimits,
  schemaLimits,
  addProductLimits,
  getBuyersLimits,
  moveOrderLimits,
  postOrderMessageLimits,
  searchProductsLimits,
} from './generated/limits';
export type {
  Category,
  FairPrice,
  ListedProduct,
  MarketValue,
  SearchProductsApiArg,
  Order,
  PhotoCopy,
  Place,
  Product,
  User,
  CarDetails,
  UpsertUserApiArg,
  CarValuation,
  ValueCarApiArg,
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
