/**
 * A buyer's or seller's alert e-mail settings: the daily digest on or off, and how
 * saved cars' price drops and sales are mailed. A change shows at once and goes back if the
 * server refuses. Loaded with the saved cars' and saved searches' pages.
 */
import { screenApi as api } from './generated/screenEndpoints';

export type { AlertSettings } from './generated/screenEndpoints';

export const alertSettingsApi = api.enhanceEndpoints({
  endpoints: {
    putAlertSettings: {
      async onQueryStarted({ body }, { dispatch, queryFulfilled }) {
        const patch = dispatch(api.util.updateQueryData('getAlertSettings', undefined, () => body));
        try {
          const { data } = await queryFulfilled;
          dispatch(api.util.updateQueryData('getAlertSettings', undefined, () => data));
        } catch {
          patch.undo();
        }
      },
    },
  },
});

export const { useGetAlertSettingsQuery, usePutAlertSettingsMutation } = alertSettingsApi;
