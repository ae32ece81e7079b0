/** The valuation's API: what a car is worth. */
import type { FastifyInstance } from 'fastify';
import valueRoutes, { type ValueRouteOptions } from './value-routes';

export default async function valuationApi(api: FastifyInstance, options: ValueRouteOptions) {
  await api.register(valueRoutes, options);
}
