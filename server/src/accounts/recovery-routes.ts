/**
 * An account's way back in and its confirmed address: asking for a password reset (public, the
 * same answer in the same time for any e-mail), and the e-mail confirmation (sent again on
 * request, recorded when its link has been applied).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { LINK_EXPIRED } from './account-codes';
import { accountMailSettled, afterAnswer, mailEmailConfirmation } from './account-mail';
import { requestPasswordReset, RESET_ANSWER, type PasswordResetDeps } from './password-reset';
import { httpError } from '../platform/http/errors';
import { ACCESS_TOKEN, Email, errors } from '../platform/http/schemas';

export interface RecoveryOptions {
  /** Where people open the app (the mailed links' origin). */
  publicOrigin: string;
}

/** At most one confirmation mail an account asks for in this long. */
export const CONFIRMATION_RESEND_SECONDS = 60;

const Message = Type.Object({ message: Type.String() }, { title: 'MessageAnswer' });
const EmailConfirmation = Type.Object(
  {
    emailConfirmed: Type.Boolean({
      description: 'the address is confirmed: alerts, digests and notices are mailed to it',
    }),
  },
  { title: 'EmailConfirmation' },
);
const OobCode = Type.String({
  minLength: 1,
  maxLength: 512,
  pattern: '^[A-Za-z0-9_-]+$',
  description: "the code of the mailed link (its 'oobCode')",
});

function signedInUser(request: FastifyRequest) {
  const user = request.caller?.user;
  if (!user) throw httpError(403, 'authorization: this sign-in account has no CarDealer account');
  return user;
}

const recoveryRoutes: FastifyPluginAsyncTypebox<RecoveryOptions> = async (app, options) => {
  const mailDeps = {
    db: app.db,
    codes: app.repos.accountCodes,
    signIn: app.signIn,
    publicOrigin: options.publicOrigin,
  };
  const resetDeps: PasswordResetDeps = {
    ...mailDeps,
    findByEmail: (email) => app.repos.users.findByEmail(email),
  };
  // The reset mails' work finishes before the app closes.
  app.addHook('onClose', async () => accountMailSettled());

  app.post(
    '/password-reset',
    {
      schema: {
        operationId: 'requestPasswordReset',
        tags: ['auth'],
        summary: 'Mails a link to reset the password of the account with this e-mail, if any',
        description:
          'Public. Always answers 202 with the same message, in the same time, whether or not an ' +
          'account has the e-mail: the look-up and the mail happen after the answer. A password ' +
          "account gets a link to the app's `/reset-password` page (it works once, for an hour); " +
          'an account that signs in with Google gets a mail saying so. At most 3 such mails per ' +
          'e-mail an hour (more are answered alike and not sent) and 20 requests per address an ' +
          'hour (429).',
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: { 202: Message, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      afterAnswer(
        () => requestPasswordReset(resetDeps, email),
        (error) => request.log.error({ err: error }, 'password reset: not mailed'),
      );
      return reply.code(202).send({ message: RESET_ANSWER });
    },
  );

  app.get(
    '/me/verification',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getEmailConfirmation',
        tags: ['users'],
        summary: "Whether the caller's e-mail is confirmed",
        security: ACCESS_TOKEN,
        response: { 200: EmailConfirmation, ...errors(401, 403) },
      },
    },
    async (request) => ({
      emailConfirmed: await app.repos.accountCodes.isConfirmed(signedInUser(request)._id),
    }),
  );

  app.post(
    '/me/verification',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'sendEmailConfirmation',
        tags: ['users'],
        summary: 'Mails the caller a link to confirm the e-mail (again: at most once a minute)',
        description:
          '202 when mailed; 200 with `emailConfirmed: true` when it is confirmed already; 429 ' +
          'within a minute of the last one.',
        security: ACCESS_TOKEN,
        response: { 200: EmailConfirmation, 202: EmailConfirmation, ...errors(401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const codes = app.repos.accountCodes;
      if (await codes.isConfirmed(user._id)) return { emailConfirmed: true };
      const recordId = await codes.reserve(user._id, 'verify', {
        counted: ['verify'],
        max: 1,
        seconds: CONFIRMATION_RESEND_SECONDS,
      });
      if (!recordId) {
        throw httpError(429, 'A confirmation mail was sent a moment ago: wait a minute');
      }
      await mailEmailConfirmation(mailDeps, user, recordId);
      return reply.code(202).send({ emailConfirmed: false });
    },
  );

  app.post(
    '/email-verification',
    {
      schema: {
        operationId: 'confirmEmail',
        tags: ['users'],
        summary: 'Records that the code of a confirmation link was applied',
        description:
          "Public (the link may be opened signed out). After the page applied the link's code " +
          'with the sign-in provider, the server asks the provider whether the address is ' +
          'confirmed and records it. A used, expired (an hour) or unknown code: 400 ' +
          `'${LINK_EXPIRED}'; a code not applied yet: 409.`,
        body: Type.Object({ oobCode: OobCode }, { additionalProperties: false }),
        response: { 200: EmailConfirmation, ...errors(400, 409, 429, 503) },
      },
    },
    async (request) => {
      const codes = app.repos.accountCodes;
      const owner = await codes.owner(request.body.oobCode, 'verify');
      if (!owner?.authUid) throw httpError(400, LINK_EXPIRED);
      const account = await app.signIn.getUser(owner.authUid).catch(() => null);
      if (!account) throw httpError(400, LINK_EXPIRED);
      if (!account.emailVerified) {
        throw httpError(409, 'oobCode: the link was not applied yet: open it again');
      }
      if (!(await codes.use(request.body.oobCode, 'verify'))) throw httpError(400, LINK_EXPIRED);
      await codes.confirm(owner.userId);
      return { emailConfirmed: true };
    },
  );
};

export default recoveryRoutes;
