/**
 * Reports: a person's report of a listing or an account, and the admin's queue (paged
 * on the server, its total from X-Total-Count) and a target's file. Loaded with the report
 * dialog and the admin's pages, not with every page's start-up script.
 */
import { screenApi as api } from './generated/screenEndpoints';
import type { GetReportQueueApiArg, ReportQueueRow } from './generated/screenEndpoints';
import { totalOf } from './cacheUpdates';
import { LIST, tag } from './tags';

export type { ReportFile, ReportQueueRow } from './generated/screenEndpoints';

/** One page of the queue; `total` counts every target in it. */
export interface ReportQueuePage {
  rows: ReportQueueRow[];
  total: number;
}

export type ReportQueueArg = { limit: number; offset: number } & Pick<
  GetReportQueueApiArg,
  'sort' | 'order'
>;

/** A target's tag: its file, and its row in the queue. */
export const targetTag = (targetKind: string, targetId: string) =>
  tag('reports', `${targetKind}:${targetId}`);

const withQueuePages = api.injectEndpoints({
  endpoints: (build) => ({
    getReportQueuePage: build.query<ReportQueuePage, ReportQueueArg>({
      query: ({ limit, offset, sort, order }) => ({
        url: '/api/admin/reports',
        params: { limit, offset, sort, order },
      }),
      transformResponse: (rows: ReportQueueRow[], meta, arg): ReportQueuePage => ({
        rows,
        total: totalOf(meta, arg.offset + rows.length),
      }),
      providesTags: (page) => [
        ...(page?.rows ?? []).map((row) => targetTag(row.targetKind, row.targetId)),
        tag('reports', LIST),
      ],
    }),
  }),
});

export const reportsApi = withQueuePages.enhanceEndpoints({
  endpoints: {
    // An account's file also answers to 'user-files': it lists the account's cars and reviews.
    getReportFile: {
      providesTags: (_file, _error, { targetKind, targetId }) => [
        targetTag(targetKind, targetId),
        ...(targetKind === 'user' ? [tag('reports', 'user-files')] : []),
      ],
    },
    // A new report joins the queue (or changes a row of it) and the target's file.
    reportTarget: {
      invalidatesTags: (result) =>
        result ? [tag('reports', LIST), targetTag(result.targetKind, result.targetId)] : [],
    },
  },
});

export const { useGetReportQueuePageQuery, useGetReportFileQuery, useReportTargetMutation } =
  reportsApi;
