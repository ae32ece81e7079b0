/** The search's API: the search and its facets, a car's page, a seller's changes to a car. */
import type { FastifyInstance } from 'fastify';
import searchRoutes, { type SearchRoutesOptions } from './search-routes';

export default async function searchApi(api: FastifyInstance, options: SearchRoutesOptions) {
  await api.register(searchRoutes, options);
}
