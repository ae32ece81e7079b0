/**
 * Saved searches: an account's named filters of /cars, each with the number of cars
 * for sale it matches that were listed since it was last opened. Buyers and sellers.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { searchSummary, SUMMARY_MAX } from '../../../api/shared/search-summary';
import { httpError } from '../platform/http/errors';
import { filtersOfRow, MAX_SAVED_SEARCHES } from './saved-searches-repository';
import { SAVED_SEARCH_NOTIFY, type SavedSearchRow } from '../platform/db/schema';
import { savedSearchQuery } from './saved-search-query';
import type { RoutesApp } from '../platform/http/routes-app';
import { ACCESS_TOKEN, errors, Id, SingleLine } from '../platform/http/schemas';

/** The longest query a saved search takes (a /cars URL's search part). */
export const MAX_QUERY_LENGTH = 2000;

/** How a search's new matches are mailed: 'instant' (at once), 'daily' (the digest), 'never'. */
const Notify = Type.Union(
  SAVED_SEARCH_NOTIFY.map((value) => Type.Literal(value)),
  {
    description:
      "how its new matches are e-mailed: 'instant' at once, 'daily' in the day's digest, " +
      "'never' (the bell only)",
  },
);

const SavedSearch = Type.Object(
  {
    _id: Type.String(),
    name: Type.String(),
    query: Type.String({
      description:
        "the filters in canonical form, a /cars URL's search part without '?' (empty: all cars)",
    }),
    summary: Type.String({ description: "the filters in a few words ('BMW · under $60,000')" }),
    newMatches: Type.Integer({
      minimum: 0,
      description: 'cars for sale it matches that were listed since it was last opened (or saved)',
    }),
    notify: Notify,
    createdAt: Type.String({ format: 'date-time' }),
    openedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'SavedSearch', title: 'SavedSearch' },
);

const Name = SingleLine(SUMMARY_MAX, `1 to ${SUMMARY_MAX} characters, one line`);
const NOT_YOURS = 'id: no such saved search';

const userIdOf = (request: FastifyRequest) => request.caller!.user!._id;

/** A saved search as answered, counting its new matches as a search counts its total. */
async function answer(app: RoutesApp, row: SavedSearchRow) {
  const filters = filtersOfRow(row);
  const listedAfter = row.openedAt.toISOString();
  return {
    _id: row._id,
    name: row.name,
    query: row.query,
    summary: searchSummary({ ...filters, zip: filters.near?.zip }),
    newMatches: await app.repos.search.count({ ...filters, listedAfter }),
    notify: row.notify,
    createdAt: row.createdAt.toISOString(),
    openedAt: listedAfter,
  };
}

/** The caller's saved searches, and saving a search. */
function listAndSaveRoutes(app: RoutesApp): void {
  const owner = [app.authenticate, app.requireRole('Buyer', 'Seller')];

  app.get(
    '/saved-searches',
    {
      onRequest: owner,
      schema: {
        operationId: 'getSavedSearches',
        tags: ['saved searches'],
        summary: "The caller's saved searches, newest first, with their new matches",
        security: ACCESS_TOKEN,
        response: { 200: Type.Array(Type.Ref('SavedSearch')), ...errors(401, 403) },
      },
    },
    async (request) => {
      const rows = await app.repos.savedSearches.list(userIdOf(request));
      return Promise.all(rows.map((row) => answer(app, row)));
    },
  );

  app.post(
    '/saved-searches',
    {
      onRequest: owner,
      schema: {
        operationId: 'createSavedSearch',
        tags: ['saved searches'],
        summary: 'Saves a search of /cars with a name',
        description:
          "`query` is the /cars URL's search part ('make' is `category`: " +
          '`category=BMW&maxPrice=60000&minModelYear=2018`, a leading `?` allowed, empty for all ' +
          'cars), checked as GET /products checks its parameters (the same 400 naming the ' +
          'parameter); sort, cursor and limit are checked and left out, unknown parameters ' +
          "ignored. `name` defaults to the summary of the filters, `notify` to 'daily'. " +
          `At most ${MAX_SAVED_SEARCHES} ` +
          "per account (409); the same filters saved again: 409 'You already saved this search'.",
        security: ACCESS_TOKEN,
        body: Type.Object(
          {
            name: Type.Optional(Name),
            query: Type.String({ maxLength: MAX_QUERY_LENGTH, description: 'the filters' }),
            notify: Type.Optional(Notify),
          },
          { additionalProperties: false },
        ),
        response: {
          201: Type.Ref('SavedSearch'),
          ...errors(400, 401, 403, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { filters, query } = await savedSearchQuery(app, request, request.body.query);
      const outcome = await app.repos.savedSearches.insert({
        userId: userIdOf(request),
        name: request.body.name?.trim() || searchSummary({ ...filters, zip: filters.near?.zip }),
        query,
        filters,
        notify: request.body.notify ?? 'daily',
      });
      if ('refused' in outcome) {
        throw httpError(
          409,
          outcome.refused === 'duplicate'
            ? 'You already saved this search'
            : `You can keep at most ${MAX_SAVED_SEARCHES} saved searches: delete one first`,
        );
      }
      return reply.code(201).send(await answer(app, outcome.saved));
    },
  );
}

/** One of the caller's saved searches renamed, opened, mailed otherwise or deleted. */
function changeRoutes(app: RoutesApp): void {
  const owner = [app.authenticate, app.requireRole('Buyer', 'Seller')];

  app.patch(
    '/saved-searches/:id',
    {
      onRequest: owner,
      schema: {
        operationId: 'updateSavedSearch',
        tags: ['saved searches'],
        summary:
          'Renames a saved search, marks it opened now (its new matches start again), or ' +
          'changes how it is e-mailed',
        description:
          "Any of `name`, `opened`, `notify`; a body with none of them: 400. Another account's " +
          'saved search, or none: 404.',
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        body: Type.Object(
          {
            name: Type.Optional(Name),
            opened: Type.Optional(
              Type.Literal(true, { description: 'opened now: newMatches counts from now' }),
            ),
            notify: Type.Optional(Notify),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
        response: { 200: Type.Ref('SavedSearch'), ...errors(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const { name, opened, notify } = request.body;
      // Unknown keys are dropped before this, so a body of only those arrives empty.
      if (name === undefined && opened === undefined && notify === undefined) {
        throw httpError(400, 'body: must change name or notify, or set opened to true');
      }
      const row = await app.repos.savedSearches.update(request.params.id, userIdOf(request), {
        name: name?.trim(),
        opened,
        notify,
      });
      if (!row) throw httpError(404, NOT_YOURS);
      return answer(app, row);
    },
  );

  app.delete(
    '/saved-searches/:id',
    {
      onRequest: owner,
      schema: {
        operationId: 'deleteSavedSearch',
        tags: ['saved searches'],
        summary: 'Deletes one of the caller’s saved searches',
        description:
          "204 when it is gone, also when it was already gone (or never was); another account's: 404.",
        security: ACCESS_TOKEN,
        params: Type.Object({ id: Id }),
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const outcome = await app.repos.savedSearches.remove(request.params.id, userIdOf(request));
      if (outcome === 'others') throw httpError(404, NOT_YOURS);
      return reply.code(204).send(null);
    },
  );
}

const savedSearchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SavedSearch);
  listAndSaveRoutes(app);
  changeRoutes(app);
};

export default savedSearchRoutes;
