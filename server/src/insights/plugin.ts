/** What each listing earns: the insights' API and the car views' beacon. */
import type { FastifyInstance } from 'fastify';
import insightsRoutes from './insights-routes';

export default async function insightsApi(api: FastifyInstance) {
  await api.register(insightsRoutes);
}
