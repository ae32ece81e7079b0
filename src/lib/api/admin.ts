/**
 * The admin's grids of buyers and sellers: their paged lists, and deleting and verifying a user
 * with the row changed at once. Loaded with the admin's pages, not with every page's start-up
 * script (the other endpoints' cache rules are in index.ts).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { screenApi as api } from './generated/screenEndpoints';
import { KEEP_TAGS, optimistic, totalOf, without, type Patch } from './cacheUpdates';
import type { GetBuyersApiArg, User } from './generated/cardealerApi';
import { LIST, listTags, tag } from './tags';

/** One page of the buyers or sellers; `total` counts every match of the search. */
export interface UserPage {
  users: User[];
  total: number;
}

/** What an admin grid asks for: a page, an optional server sort and an optional search. */
export type UserPageArg = { limit: number; offset: number } & Pick<
  GetBuyersApiArg,
  'sort' | 'order' | 'q'
>;

function userPage(url: string) {
  return {
    query: ({ limit, offset, sort, order, q }: UserPageArg) => ({
      url,
      params: { limit, offset, sort, order, q: q || undefined },
    }),
    transformResponse: (users: User[], meta: unknown, arg: UserPageArg): UserPage => ({
      users,
      total: totalOf(meta, arg.offset + users.length),
    }),
  };
}

const withUserPages = api.injectEndpoints({
  endpoints: (build) => ({
    getBuyersPage: build.query<UserPage, UserPageArg>(userPage('/api/users/buyers')),
    getSellersPage: build.query<UserPage, UserPageArg>(userPage('/api/users/sellers')),
  }),
});

type PagedState = Parameters<typeof withUserPages.util.selectCachedArgsForQuery>[0];
type PagedDispatch = ThunkDispatch<PagedState, unknown, UnknownAction>;

/** Marks the seller with this `_id` verified in a cached list. */
function verified(users: User[], id: string): void {
  const seller = users.find((user) => user._id === id);
  if (seller) seller.userVerify = 'true';
}

/** Removes a user from a cached grid page, and from its total. */
function withoutUser(page: UserPage, id: string): void {
  const before = page.users.length;
  without(page.users, id);
  if (page.users.length < before) page.total = Math.max(0, page.total - 1);
}

/** Every cached page of the buyers or sellers grid (one per page, sort and search), patched. */
function patchUserPages(
  dispatch: unknown,
  getState: () => unknown,
  endpoint: 'getBuyersPage' | 'getSellersPage',
  recipe: (page: UserPage) => void,
): Patch[] {
  const args = withUserPages.util.selectCachedArgsForQuery(getState() as PagedState, endpoint);
  return args.map((arg) =>
    (dispatch as PagedDispatch)(
      withUserPages.util.updateQueryData(endpoint, arg, recipe, KEEP_TAGS),
    ),
  );
}

const adminApi = withUserPages.enhanceEndpoints({
  endpoints: {
    getBuyersPage: { providesTags: (page) => listTags('buyers', page?.users) },
    getSellersPage: { providesTags: (page) => listTags('sellers', page?.users) },
    // A user's cars and bookings go with the account, wherever they are listed.
    deleteUser: {
      invalidatesTags: [
        tag('buyers', LIST),
        tag('sellers', LIST),
        tag('products', LIST),
        tag('advertisement', LIST),
        tag('orders', LIST),
      ],
      // The row goes at once; it comes back if the server refuses.
      onQueryStarted: ({ id }, { dispatch, getState, queryFulfilled }) =>
        optimistic(queryFulfilled, [
          ...patchUserPages(dispatch, getState, 'getBuyersPage', (page) => withoutUser(page, id)),
          ...patchUserPages(dispatch, getState, 'getSellersPage', (page) => withoutUser(page, id)),
        ]),
    },
    // The seller's row (a grid sorted by verification reorders), and the tick on every list that
    // shows one of their cars (which cars is not known here).
    verifySeller: {
      invalidatesTags: [tag('sellers', LIST), tag('products', LIST), tag('advertisement', LIST)],
      // 'Make seller verify' turns into 'verified' at once (there is no way back).
      onQueryStarted: ({ id }, { dispatch, getState, queryFulfilled }) =>
        optimistic(queryFulfilled, [
          ...patchUserPages(dispatch, getState, 'getSellersPage', (page) =>
            verified(page.users, id),
          ),
        ]),
    },
  },
});

export const {
  useGetBuyersPageQuery,
  useGetSellersPageQuery,
  useDeleteUserMutation,
  useVerifySellerMutation,
} = adminApi;
