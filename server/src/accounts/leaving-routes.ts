/**
 * Leaving, or keeping others out: signing out everywhere, deleting one's account, downloading
 * its data. About the caller's own account only: there is no id in any path.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { DELETED_ACCOUNT } from '../platform/caller/access';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import { ACCESS_TOKEN, errors } from '../platform/http/schemas';
import type { RoutesApp } from '../platform/http/routes-app';
import {
  DELETE_CONFIRMATION,
  deleteOwnRecord,
  OPEN_BOOKINGS,
  openBookingsOf,
  RECENT_SIGN_IN_MS,
  SIGN_IN_AGAIN,
} from './account-closing';
import { EXPORT_EVERY_MS, exportAccount, exportKey } from './account-export';
import { signOutEverywhere } from './sign-out-everywhere';

/** The caller and their record: these calls are about an account that exists. */
function ownAccount(request: FastifyRequest) {
  const caller = request.caller;
  if (!caller) throw httpError(401, 'authorization: not signed in');
  if (!caller.user) throw httpError(409, 'There is no account yet: finish registering first');
  return { caller, user: caller.user };
}

const OpenBookings = Type.Object(
  {
    message: Type.String(),
    bookings: Type.Array(
      Type.Object({
        _id: Type.String(),
        productName: Type.String(),
        status: Type.Union([Type.Literal('requested'), Type.Literal('accepted')]),
        role: Type.Union([Type.Literal('buyer'), Type.Literal('seller')], {
          description: "the account's side of the booking",
        }),
        link: Type.String({ description: "the booking's page in the web app" }),
      }),
    ),
  },
  { $id: 'OpenBookings', title: 'OpenBookings' },
);

function signOutRoute(app: RoutesApp): void {
  app.post(
    '/me/sign-out-everywhere',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'signOutEverywhere',
        tags: ['account'],
        summary: "Ends every session of the caller's account, on every device",
        description:
          "Revokes the sign-in account's refresh tokens and every API access token issued " +
          "before now (401 from then on, on every replica, this session's too) and ends the " +
          "account's live event streams (`event: end`, reason 'signed-out'). Sign in again " +
          'for a new token.',
        security: ACCESS_TOKEN,
        response: { 204: Type.Null(), ...errors(401, 403, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const { caller, user } = ownAccount(request);
      await signOutEverywhere(app, { userId: user._id, uid: caller.uid });
      return reply.code(204).send(null);
    },
  );
}

function deleteRoute(app: RoutesApp): void {
  app.delete(
    '/me',
    {
      // The account's cars leave the catalogue: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate],
      schema: {
        operationId: 'deleteMyAccount',
        tags: ['account'],
        summary: "Deletes the caller's own account",
        description:
          `The body must be \`{"confirm": "${DELETE_CONFIRMATION}"}\` (400 otherwise), and the ` +
          'sign-in behind the access token at most 5 minutes old (403 with "' +
          SIGN_IN_AGAIN +
          '": sign in with the provider again, then get a new access token). An account with ' +
          `open bookings (requested or accepted, as buyer or seller) gets 409 "${OPEN_BOOKINGS}" ` +
          'with the bookings and their links; a suspended account 403 "Account suspended"; an ' +
          "admin 403. Otherwise it is deleted as an admin's delete does (the sign-in account, " +
          "the record, the cars; the other party keeps each past booking, showing 'Deleted " +
          "user'; reviews stay, signed 'Deleted user'), mail not yet sent to it is dropped and a " +
          'last mail confirms. Of two deletes at once one answers 204, the other 401.',
        security: ACCESS_TOKEN,
        body: Type.Object(
          {
            confirm: Type.String({
              maxLength: 100,
              description: `the words '${DELETE_CONFIRMATION}', typed by the person`,
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          204: Type.Null(),
          409: Type.Ref('OpenBookings'),
          ...errors(400, 401, 403, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { caller, user } = ownAccount(request);
      if (request.body.confirm.trim().toLowerCase() !== DELETE_CONFIRMATION) {
        throw httpError(400, `confirm: type '${DELETE_CONFIRMATION}' to delete your account`);
      }
      if (user.userRole === 'Admin') {
        throw httpError(403, 'An admin account cannot delete itself: ask another admin');
      }
      if (Date.now() - caller.authTime > RECENT_SIGN_IN_MS) throw httpError(403, SIGN_IN_AGAIN);
      const open = await openBookingsOf(app.db, { id: user._id, email: user.email });
      if (open.length > 0) {
        return reply.code(409).send({ message: OPEN_BOOKINGS, bookings: open });
      }
      // The sign-in account goes first, as an admin's delete does: if the provider fails,
      // nothing is deleted and a retry finds it gone (ignored) and removes the rest.
      await app.signIn.deleteUser(caller.uid).catch((error: { code?: string }) => {
        if (error.code !== 'auth/user-not-found') throw error;
      });
      const deleted = await deleteOwnRecord(app.db, user._id, caller.uid);
      if (!deleted) throw httpError(401, DELETED_ACCOUNT);
      return reply.code(204).send(null);
    },
  );
}

function exportRoute(app: RoutesApp): void {
  app.get(
    '/me/export',
    {
      onRequest: [app.authenticate],
      // A HEAD would count a download that sends nothing.
      exposeHeadRoute: false,
      schema: {
        operationId: 'exportMyData',
        tags: ['account'],
        summary: "Downloads everything the marketplace keeps about the caller's account",
        description:
          'A JSON attachment (`cardealer-data.json`), written as it is read: `exportedAt`, ' +
          '`account`, `cars` (each with `priceHistory`), `bookings` (each with `messages`), ' +
          '`savedCars`, `savedSearches`, `notifications`, `reviewsWritten`, ' +
          '`reviewsReceived`, `reports` (those the account filed) and `moderation` (decisions ' +
          'about the account, its cars and its reviews; never who reported them). Only the ' +
          "caller's own: there is no id to ask for. At most once per 10 minutes (429 with " +
          'Retry-After).',
        security: ACCESS_TOKEN,
        response: {
          200: Type.Object(
            {},
            { additionalProperties: true, title: 'AccountExport', description: 'the data' },
          ),
          ...errors(401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const { user } = ownAccount(request);
      // Counted where the rate limits count (shared by every replica), in a window of ten
      // minutes from the first download.
      const [window] = await app.repos.rateLimits.hit([exportKey(user._id)], EXPORT_EVERY_MS);
      if (window && window.count > 1) {
        const seconds = Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
        reply.header('retry-after', String(seconds));
        throw httpError(
          429,
          `You downloaded your data a moment ago: once per 10 minutes; try again in ${Math.ceil(seconds / 60)} min`,
        );
      }
      reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="cardealer-data.json"')
        .header('cache-control', 'no-store');
      const body = Readable.from(exportAccount(app.db, { id: user._id, email: user.email }));
      body.on('error', (error) => request.log.error({ err: error }, 'data export failed'));
      return reply.send(body);
    },
  );
}

/** The caller's own account: signing out everywhere, deleting it, downloading its data. */
const leavingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(OpenBookings);
  signOutRoute(app);
  deleteRoute(app);
  exportRoute(app);
};

export default leavingRoutes;
