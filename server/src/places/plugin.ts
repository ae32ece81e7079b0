/** The places' API: a ZIP code's place. */
import type { FastifyInstance } from 'fastify';
import placeRoutes from './places-routes';

export default async function placesApi(api: FastifyInstance) {
  await api.register(placeRoutes);
}
