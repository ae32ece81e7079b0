/**
 * A seller's dealer profile, their business: `GET`, `PUT` and `DELETE /me/dealer`. Only the
 * caller's own (there is no id in the path), and only a seller's. The seller's page and their
 * cars show it; a seller with one is a dealer, any other a private seller.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { NO_SUCH_ZIP } from '../places/places';
import { CATALOGUE_WRITE } from '../platform/cache/catalogue-sync';
import { ACCESS_TOKEN, errors } from '../platform/http/schemas';
import { httpError } from '../platform/http/errors';
import type { RoutesApp } from '../platform/http/routes-app';
import type { DealerProfileChanges } from './dealer-profiles';
import { DealerProfileBody, NullableDealer } from './dealer-schemas';

const MyDealer = Type.Object({ dealer: NullableDealer }, { $id: 'MyDealer', title: 'MyDealer' });

function ownId(request: FastifyRequest): string {
  const user = request.caller?.user;
  if (!user) throw httpError(404, 'account: no account for this sign-in; finish registration');
  return user._id;
}

/** A website as typed, checked: an http(s) address of a named host; null: none. */
function websiteOf(text: string | null | undefined): string | null {
  const typed = text?.trim();
  if (!typed) return null;
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    throw httpError(400, 'website: must be an http:// or https:// address, as https://example.com');
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.hostname.includes('.')) {
    throw httpError(400, 'website: must be an http:// or https:// address, as https://example.com');
  }
  if (url.username || url.password) {
    throw httpError(400, 'website: must not carry a user name or password');
  }
  return url.href;
}

/** The body checked and tidied: the ZIP code must name a place, the website be an address. */
async function changesOf(app: RoutesApp, body: DealerProfileBody): Promise<DealerProfileChanges> {
  const zip = body.zip.trim();
  if (!(await app.repos.places.ofZip(zip))) throw httpError(400, `zip: ${NO_SUCH_ZIP}`);
  return {
    name: body.name.trim(),
    address: body.address.trim(),
    zip,
    phone: body.phone,
    hours: body.hours || null,
    website: websiteOf(body.website),
  };
}

const FIELD_NAMES = Object.keys(DealerProfileBody.properties);

/** Refuses a field the profile does not have (the validator would drop it silently). */
async function refuseUnknownFields(request: FastifyRequest) {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const unknown = Object.keys(body).find((key) => !FIELD_NAMES.includes(key));
  if (unknown) throw httpError(400, `${unknown}: not a field (${FIELD_NAMES.join(', ')})`);
}

const SELLERS_ONLY = 'Sellers only; a buyer or an admin: 403.';

const dealerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(MyDealer);
  const guards = [app.authenticate, app.requireRole('Seller')];

  app.get(
    '/me/dealer',
    {
      onRequest: guards,
      schema: {
        operationId: 'getMyDealer',
        tags: ['users'],
        summary: "The caller's dealer profile",
        description: `\`dealer\`: the business, or null when the seller has none. ${SELLERS_ONLY}`,
        security: ACCESS_TOKEN,
        response: { 200: Type.Ref('MyDealer'), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ dealer: await app.repos.dealers.ofUser(ownId(request)) }),
  );

  app.put(
    '/me/dealer',
    {
      onRequest: guards,
      preValidation: refuseUnknownFields,
      // The seller's page and cars show the business: answered once every replica has it.
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'putMyDealer',
        tags: ['users'],
        summary: "Adds or replaces the caller's dealer profile",
        description:
          'Name, street address, ZIP code and phone are needed; opening hours and website may ' +
          'be left out. A bad field: 400 naming it. The seller then shows as a dealer on their ' +
          `page and cars. ${SELLERS_ONLY}`,
        security: ACCESS_TOKEN,
        body: DealerProfileBody,
        response: { 200: Type.Ref('MyDealer'), ...errors(400, 401, 403, 404, 415, 429, 503) },
      },
    },
    async (request) => {
      const id = ownId(request);
      await app.repos.dealers.put(id, await changesOf(app, request.body));
      return { dealer: await app.repos.dealers.ofUser(id) };
    },
  );

  app.delete(
    '/me/dealer',
    {
      onRequest: guards,
      config: CATALOGUE_WRITE,
      schema: {
        operationId: 'deleteMyDealer',
        tags: ['users'],
        summary: "Removes the caller's dealer profile",
        description:
          'The seller shows as a private seller again. `deletedCount`: 1, or 0 when there was ' +
          `none. ${SELLERS_ONLY}`,
        security: ACCESS_TOKEN,
        response: { 200: Type.Ref('DeleteResult'), ...errors(401, 403, 404, 429, 503) },
      },
    },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: (await app.repos.dealers.remove(ownId(request))) ? 1 : 0,
    }),
  );
};

export default dealerRoutes;
