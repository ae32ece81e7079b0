/**
 * Search in the RTK Query cache: a search's cars page after page by cursor, and its facets.
 * Loaded with the search page only (as deals.ts is with the deals' screens), so the first visit
 * of the other pages carries none of it.
 */
import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { SearchProduct, SearchProductsApiArg } from './generated/cardealerApi';
import { api } from './index';
import { carLists, LIST, listTags, tag } from './tags';

export type { FairPrice, SearchFacets, SearchProduct } from './generated/cardealerApi';

/** Cars a search page asks for at a time (the server's default). */
export const SEARCH_PAGE_SIZE = 24;

/**
 * One page of a search; `nextCursor` is null on the last page, `total` counts every match (an
 * estimate, rounded, when `totalExact` is false), `ignoredWords` are the words of `q` the
 * search left out because no car has them.
 */
export interface SearchPage {
  products: SearchProduct[];
  nextCursor: string | null;
  total: number;
  totalExact: boolean;
  ignoredWords: string[];
}

/** X-Ignored-Words: URI-encoded words (the server's) separated by spaces. */
const wordsOf = (value: string | null) => value?.split(' ').filter(Boolean).map(decodeURIComponent);

/**
 * A search's filters and sort, and where its first page starts: `start` is the cursor the
 * visitor arrived with (a shared 'Show more' link), null for the first page of the search.
 */
export type SearchPagesArg = Omit<SearchProductsApiArg, 'cursor' | 'limit'> & {
  start: string | null;
};

const header = (meta: unknown, name: string) =>
  (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(name) ?? null;

const searchApi = api
  .injectEndpoints({
    endpoints: (build) => ({
      /** A search's cars, page after page by keyset cursor (X-Next-Cursor), from `start`. */
      searchProductPages: build.infiniteQuery<SearchPage, SearchPagesArg, string | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
        },
        query: ({ queryArg: { start, ...filters }, pageParam }) => ({
          url: '/api/products',
          params: { ...filters, limit: SEARCH_PAGE_SIZE, cursor: pageParam ?? start ?? undefined },
        }),
        transformResponse: (products: SearchProduct[], meta): SearchPage => {
          const total = Number(header(meta, 'X-Total-Count') ?? Number.NaN);
          return {
            products,
            nextCursor: header(meta, 'X-Next-Cursor') || null,
            total: Number.isFinite(total) ? total : products.length,
            totalExact: header(meta, 'X-Total-Count-Exact') !== 'false',
            ignoredWords: wordsOf(header(meta, 'X-Ignored-Words')) ?? [],
          };
        },
        // A search shows cars of any list: each car by id, every car list, and the searches'
        // own list, which a new car invalidates.
        providesTags: (data) =>
          listTags(
            'products',
            data?.pages.flatMap((page) => page.products),
            [LIST, carLists.search],
          ),
      }),
    }),
  })
  .enhanceEndpoints({
    endpoints: {
      getSearchFacets: { providesTags: [tag('products', LIST), tag('products', carLists.search)] },
    },
  });

export const { useSearchProductPagesInfiniteQuery, useGetSearchFacetsQuery } = searchApi;
/** The endpoints themselves, for the server's rendering of the page (src/renderSearchPage.tsx). */
export const searchEndpoints = searchApi.endpoints;
