/**
 * The signed-in account's own settings: `GET /api/me` (public start-up code: /cars reads its ZIP)
 * and changing them, `PATCH /api/me`, loaded with the Account settings page.
 */
import { api } from '.';
import { screenApi } from './generated/screenEndpoints';

export type { Me, UpdateMeApiArg } from './generated/screenEndpoints';

export const accountApi = screenApi.enhanceEndpoints({
  endpoints: {
    updateMe: {
      // The answer is the account as GET /api/me gives it: every reader of it shows the change.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(api.util.upsertQueryData('getMe', undefined, data));
      },
    },
  },
});

export const { useUpdateMeMutation } = accountApi;
