import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { httpError } from '../platform/http/errors';
import type { ReportRefusal } from './reports-repository';
import { REPORT_DETAILS_MAX, ReportBody } from './report-schemas';
import { ACCESS_TOKEN, errors } from '../platform/http/schemas';

/** The 409 of a second open report of the same target by the same person. */
export const ALREADY_REPORTED = 'You already reported this';

/** What each refusal answers. */
export const REPORT_REFUSALS: Record<ReportRefusal, [number, string]> = {
  'no-such-car': [404, 'targetId: no such car'],
  'no-such-account': [404, 'targetId: no such account'],
  'own-listing': [400, 'targetId: you cannot report your own listing'],
  self: [400, 'targetId: you cannot report yourself'],
  admin: [400, 'targetId: an admin account cannot be reported'],
  'already-reported': [409, ALREADY_REPORTED],
};

/**
 * Reports: anyone signed in reports a listing or an account to the moderators. The
 * admins read them in the queue (admin-reports.ts).
 */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/reports',
    {
      onRequest: [app.authenticate, app.requireRole('Buyer', 'Seller', 'Admin')],
      schema: {
        operationId: 'reportTarget',
        tags: ['reports'],
        summary: 'Reports a listing or an account to the moderators',
        description:
          'Any signed-in account. Unknown target: 404. Your own listing, yourself or an admin ' +
          `account: 400. A second open report of the same target by you: 409 '${ALREADY_REPORTED}'. ` +
          `Details: up to ${REPORT_DETAILS_MAX} characters. A reported car stays for sale until ` +
          'a moderator acts; the reporter is told (bell, e-mail) when it is decided.',
        security: ACCESS_TOKEN,
        body: ReportBody,
        response: { 201: Type.Ref('Report'), ...errors(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request, reply) => {
      const user = request.caller!.user!;
      const outcome = await app.repos.reports.insert(
        { id: user._id, email: request.caller!.email },
        { ...request.body, details: (request.body.details ?? '').trim() },
      );
      if ('refused' in outcome) throw httpError(...REPORT_REFUSALS[outcome.refused]);
      return reply.code(201).send(outcome.report);
    },
  );
};

export default reportRoutes;
