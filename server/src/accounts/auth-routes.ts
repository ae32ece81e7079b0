import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ACCOUNT_SUSPENDED, SIGNED_OUT } from '../platform/caller/access';
import { bearerToken } from '../platform/caller/bearer-token';
import { httpError } from '../platform/http/errors';
import { normaliseEmail } from '../platform/db/ids';
import { Email, errors, ID_TOKEN } from '../platform/http/schemas';

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/jwt',
    {
      schema: {
        operationId: 'getAccessToken',
        tags: ['auth'],
        summary: 'Exchanges a Firebase ID token for a short-lived API access token',
        description:
          'Send `authorization: Bearer <Firebase ID token>` of the account whose email is asked for. ' +
          'No token, a bad token, or a token of another email: 401. The access token names the ' +
          "sign-in account (its e-mail and uid): once that account's record is deleted, or the " +
          "e-mail's record belongs to another sign-in account, every call with it answers 401. " +
          "A suspended account gets 403 'Account suspended' (here and from every call).",
        security: ID_TOKEN,
        querystring: Type.Object({ email: Email }),
        response: { 200: Type.Ref('AccessToken'), ...errors(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw httpError(401, 'authorization: a bearer Firebase ID token is required');
      const account = await app.accountFromIdToken(token);
      if (!account) {
        throw httpError(401, 'authorization: the ID token is not valid or has expired');
      }
      if (account.email !== normaliseEmail(request.query.email)) {
        throw httpError(401, 'email: the ID token belongs to another account');
      }
      // A record made before sign-in accounts were kept is this account's from now on.
      await app.repos.users.linkSignIn(account.email, account.uid);
      const { user } = await app.repos.users.findForSignIn(account.uid, account.email);
      if (user?.suspendedAt) throw httpError(403, ACCOUNT_SUSPENDED);
      // A sign-in from before 'Sign out everywhere' (a refreshed ID token of an old session
      // keeps its sign-in time) gets no new access token; compared in the provider's seconds.
      const validAfter = user?.tokensValidAfter?.getTime();
      if (validAfter && account.authTime < Math.floor(validAfter / 1000) * 1000) {
        throw httpError(401, SIGNED_OUT);
      }
      // The sign-in time rides along: closing the account asks for a recent one.
      const { email, uid, authTime } = account;
      return { accessToken: app.signAccessToken({ email, uid, authTime }) };
    },
  );
};

export default authRoutes;
