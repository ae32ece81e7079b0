/**
 * Changing one's e-mail: asking for it (`POST /me/email`, signed in within the last 5 minutes),
 * the new address's confirmation link (`POST /email-change`) and the old address's undo link
 * (`POST /email-change/undo`). The links may be opened signed out: their code is the proof.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LINK_EXPIRED } from './account-codes';
import { accountMailSettled, afterAnswer, type AccountMailDeps } from './account-mail';
import { RECENT_SIGN_IN_MS } from './account-closing';
import {
  ADDRESS_TAKEN,
  CHANGE_SIGN_IN_AGAIN,
  changeAnswer,
  confirmEmailChange,
  requestEmailChange,
  SAME_ADDRESS,
  undoEmailChange,
} from './email-change';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { normaliseEmail } from '../platform/db/ids';
import { httpError } from '../platform/http/errors';
import { ACCESS_TOKEN, Email, errors } from '../platform/http/schemas';

export interface EmailChangeOptions {
  /** Where people open the app (the mailed links' origin). */
  publicOrigin: string;
}

const Message = Type.Object({ message: Type.String() }, { title: 'EmailChangeRequested' });
const Changed = Type.Object(
  {
    email: Type.String({ description: "the account's e-mail now" }),
    message: Type.String(),
  },
  { title: 'EmailChanged' },
);
const LinkCode = Type.String({
  minLength: 1,
  maxLength: 512,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'the code of the mailed link',
});

const emailChangeRoutes: FastifyPluginAsyncTypebox<EmailChangeOptions> = async (app, options) => {
  const deps: AccountMailDeps = {
    db: app.db,
    codes: app.repos.accountCodes,
    signIn: app.signIn,
    publicOrigin: options.publicOrigin,
  };
  app.addHook('onClose', async () => accountMailSettled());

  app.post(
    '/me/email',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'requestEmailChange',
        tags: ['account'],
        summary: "Asks to change the caller's e-mail: the new address must confirm it",
        description:
          'The sign-in behind the access token must be at most 5 minutes old (403 "' +
          CHANGE_SIGN_IN_AGAIN +
          '"). Answers 202 at once, the same whoever has the new address; then the new ' +
          "address gets a link to the app's `/confirm-email-change` page (once, for an hour) " +
          'and the current one a notice with a link to `/undo-email-change` (once, for 7 days). ' +
          'When the new address is another account’s (an admin’s too), it gets a mail saying ' +
          'so instead and nothing changes. A new request calls off the one before. At most 3 ' +
          'requests per account and per new address an hour are mailed (more are answered alike).',
        security: ACCESS_TOKEN,
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: { 202: Message, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const caller = request.caller;
      if (!caller) throw httpError(401, 'authorization: not signed in');
      const user = caller.user;
      if (!user) throw httpError(409, 'There is no account yet: finish registering first');
      const address = normaliseEmail(request.body.email);
      if (address === normaliseEmail(user.email)) throw httpError(400, SAME_ADDRESS);
      if (Date.now() - caller.authTime > RECENT_SIGN_IN_MS) {
        throw httpError(403, CHANGE_SIGN_IN_AGAIN);
      }
      const account = { _id: user._id, email: user.email, name: user.name, uid: caller.uid };
      afterAnswer(
        () => requestEmailChange(deps, account, address),
        (error) => request.log.error({ err: error }, 'e-mail change: not mailed'),
      );
      return reply.code(202).send({ message: changeAnswer(address) });
    },
  );

  app.post(
    '/email-change',
    {
      // The seller's cars carry the e-mail: answered once every replica has the change.
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'confirmEmailChange',
        tags: ['account'],
        summary: "Confirms a change of e-mail with the new address's link: it takes effect",
        description:
          'Public (the link may be opened signed out). The sign-in account, the record and ' +
          'every copy of the e-mail (the cars, the bookings, the mail waiting) take the new ' +
          `address. A used, expired (an hour) or altered code: 400 '${LINK_EXPIRED}'; an ` +
          `address that is another account's by now: 409 '${ADDRESS_TAKEN}'.`,
        body: Type.Object({ oobCode: LinkCode }, { additionalProperties: false }),
        response: { 200: Changed, ...errors(400, 409, 429, 503) },
      },
    },
    async (request) => {
      const email = await confirmEmailChange(deps, request.body.oobCode);
      return { email, message: `Your e-mail is now ${email}: sign in with it from now on` };
    },
  );

  app.post(
    '/email-change/undo',
    {
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'undoEmailChange',
        tags: ['account'],
        summary: "Undoes a change of e-mail with the old address's link (7 days)",
        description:
          'Public (the link may be opened signed out). The account gets the old address back ' +
          '(a change not yet confirmed is called off) and is signed out everywhere. A used, ' +
          `expired (7 days) or altered code: 400 '${LINK_EXPIRED}'; an old address that is ` +
          `another account's by now: 409 '${ADDRESS_TAKEN}'.`,
        body: Type.Object({ code: LinkCode }, { additionalProperties: false }),
        response: { 200: Changed, ...errors(400, 409, 429, 503) },
      },
    },
    async (request) => {
      const email = await undoEmailChange(deps, request.body.code);
      return {
        email,
        message:
          `Your e-mail is ${email} again and every session is signed out: sign in, then ` +
          'change your password',
      };
    },
  );
};

export default emailChangeRoutes;
