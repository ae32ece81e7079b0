/**
 * What each listing earns (the insights page): views, saves, bookings and messages per car and
 * in total, over the last 30 or 90 days. Loaded with the insights page only.
 */
import { screenApi as api } from './generated/screenEndpoints';

export type { CarInsights, Insights } from './generated/screenEndpoints';

/** One day of the window and its views. */
export interface DayViews {
  /** YYYY-MM-DD (UTC). */
  day: string;
  views: number;
}

/**
 * The days of a window with their views: the answer gives one number a day from its `from`
 * (YYYY-MM-DD, UTC).
 */
export function daysOf(from: string, viewsPerDay: readonly number[]): DayViews[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  return viewsPerDay.map((views, i) => ({
    day: new Date(first + i * 86_400_000).toISOString().slice(0, 10),
    views,
  }));
}

export const insightsApi = api.enhanceEndpoints({
  endpoints: {
    // Views arrive all the time: a visit to the page asks again.
    getInsights: { keepUnusedDataFor: 0 },
  },
});

export const { useGetInsightsQuery } = insightsApi;
