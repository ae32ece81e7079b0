import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import {
  ADMIN_NOT_SUSPENDED,
  ALREADY_SUSPENDED,
  BUYER_SUSPENDED,
  NOT_SUSPENDED,
  SELLER_SUSPENDED,
  suspend,
  unsuspend,
  type SuspensionOutcome,
} from './suspension';
import type { RoutesApp } from '../platform/http/routes-app';
import { ACCESS_TOKEN, errors, Id, LIMITS, SingleLine } from '../platform/http/schemas';

/** An admin suspends or lifts the suspension of a buyer's or a seller's account. */

const ReasonBody = Type.Object(
  {
    reason: SingleLine(
      LIMITS.reason,
      `why, 1 to ${LIMITS.reason} characters on one line: the account reads it (a notice and an e-mail)`,
    ),
  },
  { additionalProperties: false },
);

const SuspensionResult = Type.Object(
  {
    acknowledged: Type.Literal(true),
    hiddenCars: Type.Integer({ minimum: 0, description: 'cars for sale the suspension hid' }),
    declined: Type.Integer({
      minimum: 0,
      description: `open bookings on its cars declined ('${SELLER_SUSPENDED}')`,
    }),
    cancelled: Type.Integer({
      minimum: 0,
      description: `its own open bookings cancelled ('${BUYER_SUSPENDED}')`,
    }),
    restoredCars: Type.Integer({
      minimum: 0,
      description: 'cars the lifted suspension brought back',
    }),
  },
  { title: 'SuspensionResult' },
);

function answer(outcome: SuspensionOutcome, state: string) {
  if ('refused' in outcome) {
    if (outcome.refused === 'missing') throw httpError(404, 'id: no such user');
    if (outcome.refused === 'admin') throw httpError(403, ADMIN_NOT_SUSPENDED);
    throw httpError(409, state);
  }
  return { acknowledged: true as const, ...outcome };
}

const moderatorOf = (user: { _id: string; name: string } | null | undefined) => {
  if (!user) throw httpError(401, 'authorization: not signed in');
  return { id: user._id, name: user.name };
};

/**
 * One of the two admin routes on an account's suspension: `act` suspends or lifts it; an account
 * already in that state is a 409 `refusal`.
 */
function suspensionRoute(
  app: RoutesApp,
  path: string,
  act: typeof suspend,
  refusal: string,
  doc: { operationId: string; summary: string; description: string },
): void {
  app.post(
    path,
    {
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate, app.requireRole('Admin')],
      schema: {
        operationId: doc.operationId,
        tags: ['admin'],
        summary: doc.summary,
        description: doc.description,
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        body: ReasonBody,
        response: { 200: SuspensionResult, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      answer(
        await act(
          app.db,
          moderatorOf(request.caller?.user),
          request.params.id,
          request.body.reason.trim(),
        ),
        refusal,
      ),
  );
}

const adminSuspensionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  suspensionRoute(app, '/admin/users/:id/suspend', suspend, ALREADY_SUSPENDED, {
    operationId: 'suspendUser',
    summary: "Suspends a buyer's or a seller's account (admin only)",
    description:
      "From then on its sign-in to the API and every call with any of its tokens answer 403 'Account " +
      "suspended', and its live event streams end. Its cars for sale are hidden (they leave " +
      `search); the open bookings on them are declined ('${SELLER_SUSPENDED}') and its own ` +
      `open bookings cancelled ('${BUYER_SUSPENDED}'), the other party told. The account's ` +
      'open reports are closed as actioned, the audit log keeps the action, and the account ' +
      `is told the reason. 403 '${ADMIN_NOT_SUSPENDED}'; 409 '${ALREADY_SUSPENDED}'.`,
  });
  suspensionRoute(app, '/admin/users/:id/unsuspend', unsuspend, NOT_SUSPENDED, {
    operationId: 'unsuspendUser',
    summary: "Lifts an account's suspension (admin only)",
    description:
      'The account signs in and calls again. The cars its suspension hid come back; cars ' +
      'hidden by a moderator or waiting for review stay hidden, and declined and cancelled ' +
      'bookings stay as they are. The audit log keeps the action; the account is told the ' +
      `reason. 403 '${ADMIN_NOT_SUSPENDED}'; 409 '${NOT_SUSPENDED}'.`,
  });
};

export default adminSuspensionRoutes;
