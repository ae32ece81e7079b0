import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { httpError } from '../platform/http/errors';
import { sendPageHeaders } from '../platform/http/page-headers';
import { QUEUE_SORTS } from './report-queue';
import {
  MAX_OFFSET,
  MAX_PAGE,
  Order,
  PAGING_DESCRIPTION,
  QueryInteger,
  Sort,
  sortedPage,
} from '../platform/http/paging';
import { TargetKind } from './report-schemas';
import { ACCESS_TOKEN, errors, Id } from '../platform/http/schemas';

const QueueQuery = Type.Object({
  limit: Type.Optional(QueryInteger(1, MAX_PAGE, 'rows per page')),
  offset: Type.Optional(QueryInteger(0, MAX_OFFSET, 'rows to skip')),
  sort: Type.Optional(Sort(QUEUE_SORTS, 'newestAt')),
  order: Type.Optional(Order('desc')),
});

/**
 * The moderators' queue, admins only: one row per reported or flagged target, and a
 * target's file. Read only; the actions on a target are the admin routes of listings and
 * accounts.
 */
const adminReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, app.requireRole('Admin')];

  app.get(
    '/admin/reports',
    {
      onRequest: admin,
      schema: {
        operationId: 'getReportQueue',
        tags: ['admin'],
        summary: 'The moderation queue (admin only): one row per reported or flagged target',
        description:
          'A listing or an account with open reports or automatic flags, or a listing hidden by ' +
          'moderation whose owner asked for review. Newest first by default. ' +
          PAGING_DESCRIPTION,
        security: ACCESS_TOKEN,
        querystring: QueueQuery,
        response: { 200: Type.Array(Type.Ref('ReportQueueRow')), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await app.repos.reportQueue.page(sortedPage(request.query, 'newestAt', 'desc'));
      sendPageHeaders(reply, page);
      return page.rows;
    },
  );

  app.get(
    '/admin/reports/:targetKind/:targetId',
    {
      onRequest: admin,
      schema: {
        operationId: 'getReportFile',
        tags: ['admin'],
        summary: "A target's file (admin only): its reports, itself and its moderation history",
        description:
          'Every report of the listing or account (open and closed, flags too), the listing or ' +
          'the account as it is now (null once deleted), and the lines of the audit log about it ' +
          "(an account's also about its listings and the reviews it received), newest first. " +
          'Each list holds at most 200. Nothing known of the target: 404.',
        security: ACCESS_TOKEN,
        params: Type.Object({ targetKind: TargetKind, targetId: Id }),
        response: { 200: Type.Ref('ReportFile'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { targetKind, targetId } = request.params;
      const file = await app.repos.reportFiles.of(targetKind, targetId);
      if (!file) {
        throw httpError(404, `targetId: no such ${targetKind === 'product' ? 'car' : 'account'}`);
      }
      return file;
    },
  );
};

export default adminReportRoutes;
