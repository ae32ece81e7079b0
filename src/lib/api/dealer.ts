/**
 * A seller's dealer profile: `GET`, `PUT` and `DELETE /api/me/dealer`, loaded with the Account
 * settings page. A change shows on the seller's page and cars: those are fetched again.
 */
import { screenApi } from './generated/screenEndpoints';
import { api } from '.';
import { LIST, tag } from './tags';

export type { DealerProfile, MyDealer, PutMyDealerApiArg } from './generated/screenEndpoints';

type State = Parameters<ReturnType<typeof api.endpoints.getMe.select>>[0];

/** What a change of the profile makes stale: every car list, and the caller's seller page. */
function staleTags(state: unknown) {
  const me = api.endpoints.getMe.select()(state as State).data;
  return [tag('products', LIST), ...(me ? [tag('reviews', `seller:${me._id}`)] : [])];
}

export const dealerApi = screenApi.enhanceEndpoints({
  endpoints: {
    putMyDealer: {
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(screenApi.util.upsertQueryData('getMyDealer', undefined, data));
        dispatch(api.util.invalidateTags(staleTags(getState())));
      },
    },
    deleteMyDealer: {
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(screenApi.util.upsertQueryData('getMyDealer', undefined, { dealer: null }));
        dispatch(api.util.invalidateTags(staleTags(getState())));
      },
    },
  },
});

export const { useGetMyDealerQuery, usePutMyDealerMutation, useDeleteMyDealerMutation } = dealerApi;
