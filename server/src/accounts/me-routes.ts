/**
 * The signed-in account's own settings: `GET /me` reads them, `PATCH /me` changes its name,
 * photo, phone number, ZIP code and whether booking and message e-mails are sent. There is no id in the path: an account changes only itself.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { httpError } from '../platform/http/errors';
import type { RoutesApp } from '../platform/http/routes-app';
import {
  ACCESS_TOKEN,
  errors,
  LIMITS,
  OptionalImageUrl,
  SingleLine,
  User,
} from '../platform/http/schemas';
import { NO_SUCH_ZIP } from '../places/places';
import { PHONE_PATTERN } from './phone';
import type { ProfileChanges } from './users-repository';

const Me = Type.Object(
  {
    ...User.properties,
    phone: Type.Union([Type.String(), Type.Null()], {
      description: 'shown only to the other party of an accepted booking; null: not given',
    }),
    zip: Type.Union([Type.String(), Type.Null()], {
      description: "where the account's searches start ('Near' on /cars); null: not given",
    }),
    place: Type.Union([Type.String(), Type.Null()], {
      description: "the place the ZIP code names: 'Austin, TX'; null without a ZIP code",
    }),
    bookingMails: Type.Boolean({
      description: 'booking and message e-mails are sent (the bell has them either way)',
    }),
  },
  { $id: 'Me', title: 'Me' },
);

const fields = {
  name: Type.Optional(SingleLine(LIMITS.name, 'display name (as at registration)')),
  userImg: Type.Optional(
    OptionalImageUrl('an http(s) URL, a path on this origin, empty or null (no photo)'),
  ),
  phone: Type.Optional(
    Type.Union([Type.String({ pattern: `^(${PHONE_PATTERN})?$`, maxLength: 20 }), Type.Null()], {
      description:
        '7 to 20 characters: digits, spaces, dashes, brackets and a leading +; empty or null ' +
        'removes it',
    }),
  ),
  zip: Type.Optional(
    Type.Union([Type.String({ maxLength: 10 }), Type.Null()], {
      description:
        "a five-digit US ZIP code; empty or null removes it. Unknown: 400 'zip: no such US ZIP code'",
    }),
  ),
  bookingMails: Type.Optional(
    Type.Boolean({
      description: 'false: no booking or message e-mails (the bell still shows them)',
    }),
  ),
};

const MeChanges = Type.Object(fields, { additionalProperties: false });

const FIELD_NAMES = Object.keys(fields);

/**
 * Refuses a body naming a field the settings do not have (the validator would drop it
 * silently), and a body that changes nothing.
 */
async function refuseUnknownFields(request: FastifyRequest) {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const keys = Object.keys(body);
  const unknown = keys.find((key) => !FIELD_NAMES.includes(key));
  if (unknown) throw httpError(400, `${unknown}: not a setting (${FIELD_NAMES.join(', ')})`);
  if (keys.length === 0) throw httpError(400, `body: name a setting to change`);
}

function ownId(request: FastifyRequest): string {
  const user = request.caller?.user;
  if (!user) throw httpError(404, 'account: no account for this sign-in; finish registration');
  return user._id;
}

/** The account as answered, with the place its ZIP code names. */
async function meOf(app: RoutesApp, id: string) {
  const own = await app.repos.users.findOwn(id);
  if (!own) throw httpError(404, 'account: no account for this sign-in; finish registration');
  const place = own.zip ? await app.repos.places.ofZip(own.zip) : null;
  return { ...own, place: place?.place ?? null };
}

/** What a body changes, checked and tidied (a ZIP code must name a place). */
async function changesOf(app: RoutesApp, body: typeof MeChanges.static): Promise<ProfileChanges> {
  const changes: ProfileChanges = {};
  if (body.name !== undefined) changes.name = body.name.trim();
  if (body.userImg !== undefined) changes.userImg = body.userImg ?? '';
  if (body.phone !== undefined) changes.phone = body.phone || null;
  if (body.zip !== undefined) {
    const zip = body.zip?.trim() || null;
    if (zip && !(await app.repos.places.ofZip(zip))) throw httpError(400, `zip: ${NO_SUCH_ZIP}`);
    changes.zip = zip;
  }
  if (body.bookingMails !== undefined) changes.bookingMails = body.bookingMails;
  return changes;
}

const meRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Me);

  app.get(
    '/me',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getMe',
        tags: ['users'],
        summary: "The caller's own account and settings",
        description: 'No record for the sign-in account yet (registration unfinished): 404.',
        security: ACCESS_TOKEN,
        response: { 200: Type.Ref('Me'), ...errors(401, 403, 404) },
      },
    },
    async (request) => meOf(app, ownId(request)),
  );

  app.patch(
    '/me',
    {
      onRequest: [app.authenticate],
      preValidation: refuseUnknownFields,
      // A seller's cars show their name and photo: answered once every replica has the change.
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'updateMe',
        tags: ['users'],
        summary: "Changes the caller's name, photo, phone number, ZIP code or booking e-mails",
        description:
          'Only the fields sent change (at least one; any other field: 400). A new name shows on ' +
          "the seller's page, in the `seller` block of their cars and in the messages they wrote; " +
          'each car keeps the seller name typed for it, and each booking the names typed in it. ' +
          'Answers the account as `GET /me` does.',
        security: ACCESS_TOKEN,
        body: MeChanges,
        response: { 200: Type.Ref('Me'), ...errors(400, 401, 403, 404, 415, 429, 503) },
      },
    },
    async (request) => {
      const id = ownId(request);
      const changes = await changesOf(app, request.body);
      if (!(await app.repos.users.changeOwn(id, changes))) {
        throw httpError(404, 'account: no account for this sign-in; finish registration');
      }
      return meOf(app, id);
    },
  );
};

export default meRoutes;
