/** The vehicles' API: a VIN decoded. */
import type { FastifyInstance } from 'fastify';
import vinRoutes, { type VinRouteOptions } from './vin-routes';

export default async function vehiclesApi(api: FastifyInstance, options: VinRouteOptions) {
  await api.register(vinRoutes, options);
}
