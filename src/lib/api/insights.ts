/**
 * What each listing earns (the insights page): views, saves, bookings and messages per car and
 * in total, over the last 30 or 90 days. Loaded with the insights page only.
 */
import { screenApi as api } from './generated/screenEndpoints';

export type { CarInsights, DayViews, Insights } from './generated/screenEndpoints';

export const insightsApi = api.enhanceEndpoints({
  endpoints: {
    // Views arrive all the time: a visit to the page asks again.
    getInsights: { keepUnusedDataFor: 0 },
  },
});

export const { useGetInsightsQuery } = insightsApi;
