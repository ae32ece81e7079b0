/**
 * One-click unsubscribe (RFC 8058), without signing in: the token in the link says what
 * it stops (unsubscribe-token.ts).
 *
 * - `POST /api/unsubscribe?token=`: what a mail program sends for `List-Unsubscribe-Post` (body
 *   `List-Unsubscribe=One-Click`, form-encoded; the same as JSON, or an empty body, too; any
 *   other body is a 400). Stops it; JSON.
 * - `GET /api/unsubscribe?token=`: a mail program that opens the `List-Unsubscribe` address in a
 *   browser instead is sent (303) to the page below.
 * - `GET /unsubscribe?token=`: the page of the mail's 'Unsubscribe' line. It says what it would
 *   stop and asks: a GET never stops anything (mail scanners open links).
 * - `POST /unsubscribe?token=`: the page's button; stops it and says so.
 *
 * A token that is not ours (forged, altered, cut) is a 400 naming it; one whose target is gone is
 * a 200 saying there is nothing to stop. Nothing here needs a rate limit: a bad token is refused
 * by its signature before the database is asked, and a good one only turns mail off.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { httpError } from '../platform/http/errors';
import { errors } from '../platform/http/schemas';
import { describeUnsubscribe, unsubscribe, type UnsubscribeOutcome } from './unsubscribe';
import { unsubscribePageHtml } from './unsubscribe-page';
import {
  INVALID_TOKEN,
  TOKEN_MAX,
  existingUnsubscribeTokens,
  type UnsubscribeTarget,
} from './unsubscribe-token';

const Query = Type.Object({
  token: Type.String({
    maxLength: TOKEN_MAX,
    description: "the link's token (it names what to stop and is signed by the server)",
  }),
});

const OneClick = Type.Object(
  {
    'List-Unsubscribe': Type.Optional(
      Type.Literal('One-Click', { description: 'RFC 8058: the only value a one-click POST sends' }),
    ),
  },
  { additionalProperties: false },
);

/**
 * Why a one-click body is refused, else null: it is empty, or an object whose only field is
 * `List-Unsubscribe` (its value is the schema's to check). Read before the schema, which drops
 * a field it does not know (Fastify's Ajv removes additional properties) and would let any body
 * stop the mail.
 */
function oneClickBodyProblem(body: unknown): string | null {
  if (body === undefined) return null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'body: must be an object';
  }
  const unknown = Object.keys(body).find((field) => field !== 'List-Unsubscribe');
  if (unknown === undefined) return null;
  // The caller's own name for it, cut short: a body may be 64 KB.
  const name = unknown.length > 64 ? `${unknown.slice(0, 64)}…` : unknown;
  return `${name}: is not a field of this body`;
}

const Unsubscribed = Type.Object(
  {
    target: Type.Union([Type.Literal('search'), Type.Literal('car'), Type.Literal('digest')], {
      description: "what the link stops: a saved search's e-mails, a saved car's, the digest",
    }),
    found: Type.Boolean({ description: 'false: its target is gone, there was nothing to stop' }),
    name: Type.Union([Type.String(), Type.Null()], {
      description: "the saved search's or the car's name",
    }),
    message: Type.String({ description: 'what was stopped, as a person reads it' }),
  },
  { $id: 'Unsubscribed', title: 'Unsubscribed' },
);

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  // The address holds the token: it goes nowhere with a link followed from the page.
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
};

const unsubscribeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Unsubscribed);
  // RFC 8058's body is form-encoded; only this plugin's routes read one (it is ignored).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.removeContentTypeParser('text/plain');

  const targetOf = async (token: string): Promise<UnsubscribeTarget | null> =>
    (await existingUnsubscribeTokens(app.db))?.verify(token) ?? null;

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
  const invalidPage = (reply: FastifyReply) =>
    page(
      reply,
      400,
      unsubscribePageHtml({
        title: 'Link not valid',
        heading: 'This unsubscribe link is not valid',
        text:
          'It may have been cut or changed. Open it again from the e-mail, or change which ' +
          'e-mails you get from your saved searches and saved cars on CarDealer.',
      }),
    );
  const outcomePage = (reply: FastifyReply, outcome: UnsubscribeOutcome, action?: string) =>
    page(
      reply,
      200,
      unsubscribePageHtml({
        title: action ? 'Unsubscribe' : outcome.found ? 'Unsubscribed' : 'Nothing to stop',
        heading: outcome.message,
        text: !outcome.found
          ? 'You get no more e-mails from this link.'
          : action
            ? WHY[outcome.target]
            : 'You can turn these e-mails on again on CarDealer at any time.',
        action,
      }),
    );

  const body = {
    content: {
      'application/x-www-form-urlencoded': { schema: OneClick },
      'application/json': { schema: OneClick },
    },
  };

  app.post(
    '/api/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribe',
        tags: ['alerts'],
        summary: 'One-click unsubscribe from an alert e-mail (RFC 8058); no sign-in',
        description:
          "The token of a mail's `List-Unsubscribe` address names what it stops: a saved " +
          "search's e-mails (its notify becomes 'never'), a saved car's price-drop and sold " +
          'e-mails, or the daily digest. The body is `List-Unsubscribe=One-Click` (form-encoded), ' +
          'the same as JSON, or empty; any other field or body is a 400 naming it. Idempotent. ' +
          'A token that is not valid: 400; its target gone: 200 with `found: false`.',
        querystring: Query,
        body,
        response: { 200: Type.Ref('Unsubscribed'), ...errors(400, 415) },
      },
      preValidation: async (request) => {
        const problem = oneClickBodyProblem(request.body);
        if (problem) throw httpError(400, problem);
      },
    },
    async (request) => {
      const target = await targetOf(request.query.token);
      if (!target) throw httpError(400, INVALID_TOKEN);
      return unsubscribe(app.db, target);
    },
  );

  // Hidden from the contract: pages and a redirect to one, like the sitemap (docs/api.md).
  const hide = { hide: true };
  app.get('/api/unsubscribe', { schema: { ...hide, querystring: Query } }, async (request, reply) =>
    reply
      .code(303)
      .headers(PAGE_HEADERS)
      .header('location', `/unsubscribe?token=${encodeURIComponent(request.query.token)}`)
      .send(),
  );
  app.get('/unsubscribe', { schema: { ...hide, querystring: Query } }, async (request, reply) => {
    const target = await targetOf(request.query.token);
    if (!target) return invalidPage(reply);
    const outcome = await describeUnsubscribe(app.db, target);
    const action = `/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
    return outcomePage(reply, outcome, outcome.found ? action : undefined);
  });
  app.post(
    '/unsubscribe',
    { schema: { ...hide, querystring: Query, body } },
    async (request, reply) => {
      const target = await targetOf(request.query.token);
      if (!target) return invalidPage(reply);
      return outcomePage(reply, await unsubscribe(app.db, target));
    },
  );
};

/** Why a person gets these mails (the page, before the button). */
const WHY: Record<UnsubscribeTarget['kind'], string> = {
  search:
    'You get these e-mails because you saved this search on CarDealer and asked to hear of ' +
    'new cars for it. Its new matches still show in the app.',
  car:
    'You get these e-mails because you saved this car on CarDealer: they tell of a lower ' +
    'price or of its sale. It stays among your saved cars.',
  digest:
    'Once a day, CarDealer e-mails you the new matches of your saved searches and the news of ' +
    'your saved cars. They still show in the app.',
};

export default unsubscribeRoutes;
