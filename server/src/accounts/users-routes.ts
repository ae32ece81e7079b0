import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import { sendPageHeaders } from '../platform/http/page-headers';
import { normaliseEmail } from '../platform/db/ids';
import { USER_SORTS } from './users-repository';
import type { Role } from '../platform/db/schema';
import {
  MAX_OFFSET,
  MAX_PAGE,
  Order,
  PAGING_DESCRIPTION,
  QueryInteger,
  Sort,
  sortedPage,
} from '../platform/http/paging';
import type { RoutesApp } from '../platform/http/routes-app';
import {
  ACCESS_TOKEN,
  Email,
  errors,
  Id,
  LIMITS,
  OptionalImageUrl,
  SingleLine,
} from '../platform/http/schemas';

const lookups: { path: 'admin' | 'buyer' | 'seller'; role: Role; operationId: string }[] = [
  { path: 'admin', role: 'Admin', operationId: 'getIsAdmin' },
  { path: 'buyer', role: 'Buyer', operationId: 'getIsBuyer' },
  { path: 'seller', role: 'Seller', operationId: 'getIsSeller' },
];

const UpsertUserBody = Type.Object(
  {
    name: SingleLine(LIMITS.name, 'display name'),
    email: Email,
    userRole: Type.Union([Type.Literal('Seller'), Type.Literal('Buyer')], {
      description: 'Seller or Buyer (used only when the account is new)',
    }),
    userImg: Type.Optional(
      OptionalImageUrl('an http(s) URL, a path on this origin, empty or null (the photo)'),
    ),
    userVerify: Type.Optional(
      Type.Union([Type.Literal('true'), Type.Literal('false')], {
        description: "'true' or 'false' (ignored: only an admin verifies a seller)",
      }),
    ),
  },
  { additionalProperties: false },
);

const UsersQuery = Type.Object({
  limit: Type.Optional(QueryInteger(1, MAX_PAGE, 'rows per page')),
  offset: Type.Optional(QueryInteger(0, MAX_OFFSET, 'rows to skip')),
  sort: Type.Optional(Sort(USER_SORTS, 'createdAt')),
  order: Type.Optional(Order('asc')),
  q: Type.Optional(
    Type.String({
      maxLength: LIMITS.name,
      description: 'keeps the users whose name or email contains this text (any letter case)',
    }),
  ),
});

/**
 * True when the sign-in account is a password registration: its providers are the password
 * alone. An account with a Google link (beside a password it added, say), or with no provider
 * left (its Google link removed), began with Google: only registration with a password picks
 * a role.
 */
function passwordRegistration(providers: { providerId: string }[]): boolean {
  return providers.length > 0 && providers.every((p) => p.providerId === 'password');
}

function callerOf(request: FastifyRequest) {
  const caller = request.caller;
  if (!caller) throw httpError(401, 'authorization: not signed in');
  return caller;
}

/** The user with this id, for an admin's action on them; none: 404. */
async function userById(app: RoutesApp, id: string) {
  const target = await app.repos.users.findById(id);
  if (!target) throw httpError(404, 'id: no such user');
  return target;
}

/** Whether a user is an admin, a buyer or a seller. */
function roleLookupRoutes(app: RoutesApp): void {
  for (const lookup of lookups) {
    app.get(
      `/users/${lookup.path}/:email`,
      {
        onRequest: [app.authenticate],
        schema: {
          operationId: lookup.operationId,
          tags: ['roles'],
          summary: `Whether the user with this email is ${lookup.role === 'Admin' ? 'the' : 'a'} ${lookup.role.toLowerCase()}`,
          description: "For the caller's own email; an admin may ask about anyone.",
          security: ACCESS_TOKEN,
          params: Type.Object({ email: Email }),
          response: {
            200: Type.Object({ [lookup.path]: Type.Boolean() } as Record<string, TSchema>, {
              title: `Is${lookup.role}`,
            }),
            ...errors(400, 401, 403),
          },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const email = normaliseEmail(request.params.email);
        if (email !== caller.email && caller.user?.userRole !== 'Admin') {
          throw httpError(403, 'email: you may only look up your own roles');
        }
        const user =
          email === caller.email ? caller.user : await app.repos.users.findByEmail(email);
        return { [lookup.path]: user?.userRole === lookup.role };
      },
    );
  }
}

/** The caller's own account, made or updated after signing in. */
function accountRoute(app: RoutesApp): void {
  app.put(
    '/users',
    {
      onRequest: [app.authenticateAccessOrIdToken],
      // A seller's page shows the name and photo: read on a standby, so the answer waits for them.
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'upsertUser',
        tags: ['users'],
        summary: "Creates the caller's account, or updates its name and photo",
        description:
          'Accepts the access token or the Firebase ID token (it runs right after registration). ' +
          "The email must be the caller's. A new account gets the role Seller or Buyer from the body " +
          '(always Buyer unless its sign-in account is a password registration: a Google ' +
          "account, even one that added a password, is a Buyer) and userVerify 'false'; an " +
          'existing account keeps its role and verification.',
        security: [{ accessToken: [] }, { firebaseIdToken: [] }],
        body: UpsertUserBody,
        response: { 200: Type.Ref('UpsertResult'), ...errors(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      if (normaliseEmail(body.email) !== caller.email) {
        throw httpError(403, 'email: you may only create or update your own account');
      }
      let userRole: Role = body.userRole;
      let google = false;
      if (!caller.user) {
        // A new record needs a live sign-in account (an old token of a deleted user must not
        // bring the account back), and is made for that account: its uid is kept.
        const account = await app.signIn.getUser(caller.uid).catch((error: { code?: string }) => {
          if (error.code === 'auth/user-not-found') {
            throw httpError(403, 'email: there is no sign-in account for this email');
          }
          throw error;
        });
        // A Google user is a Buyer: only registration with a password picks a role.
        google = !passwordRegistration(account.providerData);
        if (google) userRole = 'Buyer';
      }
      const outcome = await app.repos.users.upsert({
        email: caller.email,
        name: body.name.trim(),
        userImg: body.userImg ?? '',
        userRole,
        authUid: caller.uid,
      });
      // Google confirmed the address of an account that signs in with it.
      if (google && outcome.upsertedId) await app.repos.accountCodes.confirm(outcome.upsertedId);
      return { acknowledged: true as const, ...outcome };
    },
  );
}

/** The admins' lists of buyers and sellers, deleting a user and verifying a seller. */
function adminUserRoutes(app: RoutesApp): void {
  for (const [path, role, operationId] of [
    ['buyers', 'Buyer', 'getBuyers'],
    ['sellers', 'Seller', 'getSellers'],
  ] as const) {
    app.get(
      `/users/${path}`,
      {
        onRequest: [app.authenticate, app.requireRole('Admin')],
        schema: {
          operationId,
          tags: ['admin'],
          summary: `Every ${role.toLowerCase()} (admin only), oldest account first`,
          description: PAGING_DESCRIPTION,
          security: ACCESS_TOKEN,
          querystring: UsersQuery,
          response: { 200: Type.Array(Type.Ref('User')), ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const query = request.query;
        const page = await app.repos.users.page({
          role,
          q: query.q,
          ...sortedPage(query, 'createdAt', 'asc'),
        });
        sendPageHeaders(reply, page);
        return page.rows;
      },
    );
  }

  app.delete(
    '/user/:id',
    {
      // Changes what the catalogue shows: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate, app.requireRole('Admin')],
      schema: {
        operationId: 'deleteUser',
        tags: ['admin'],
        summary: 'Deletes a buyer or a seller (admin only)',
        description:
          "Also deletes the user's products and their sign-in account. Bookings stay for the " +
          'other party (car, price, dates, states): the open ones are declined (their cars) or ' +
          "cancelled (their own as a buyer), and the deleted party shows as 'Deleted user', " +
          'without e-mail, phone and meeting place, in the bookings and their messages. Their ' +
          'access tokens and event streams end at once (401 from then on); a new account with ' +
          'the same e-mail starts empty. An admin account cannot be deleted here.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('DeleteResult'), ...errors(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const target = await userById(app, request.params.id);
      if (target.userRole === 'Admin') throw httpError(403, 'id: an admin cannot be deleted');
      // The sign-in account goes first: if the provider fails nothing is deleted, and a retry
      // finds the account already gone (ignored) and removes the rest. The record's own sign-in
      // account, or for a record made before uids were kept, the one with its e-mail.
      const uid =
        target.authUid ??
        (await app.signIn.getUserByEmail(target.email).then(
          (account) => account.uid,
          (error: { code?: string }) => {
            if (error.code === 'auth/user-not-found') return null;
            throw error;
          },
        ));
      if (uid) {
        await app.signIn.deleteUser(uid).catch((error: { code?: string }) => {
          if (error.code !== 'auth/user-not-found') throw error;
        });
      }
      const deletedCount = await app.repos.users.deleteWithDependants(target._id, uid ? [uid] : []);
      return { acknowledged: true as const, deletedCount };
    },
  );

  app.put(
    '/users/verify/:id',
    {
      // Changes what the catalogue shows: answered once every replica has seen it.
      config: CATALOGUE_WRITE,
      onRequest: [app.authenticate, app.requireRole('Admin')],
      schema: {
        operationId: 'verifySeller',
        tags: ['admin'],
        summary: 'Verifies a seller (admin only); their products show the verified tick',
        description: 'There is no way back. Verifying a verified seller answers modifiedCount 0.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 200: Type.Ref('UpdateResult'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const target = await userById(app, request.params.id);
      if (target.userRole !== 'Seller') throw httpError(400, 'id: only a seller can be verified');
      const modifiedCount = await app.repos.users.verifySeller(target._id);
      return { acknowledged: true as const, matchedCount: 1, modifiedCount };
    },
  );
}

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  roleLookupRoutes(app);
  accountRoute(app);
  adminUserRoutes(app);
};

export default userRoutes;
