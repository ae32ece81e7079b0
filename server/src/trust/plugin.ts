/** Trust's API: reports and the moderators' queue and actions, reviews, seller pages, suspensions. */
import type { FastifyInstance } from 'fastify';
import adminListingRoutes from './admin-listings-routes';
import adminReportRoutes from './admin-reports-routes';
import adminSuspensionRoutes from './admin-suspensions-routes';
import reportRoutes from './reports-routes';
import reviewRoutes from './reviews-routes';
import sellerRoutes from './sellers-routes';

export default async function trustApi(api: FastifyInstance) {
  await api.register(reportRoutes);
  await api.register(adminReportRoutes);
  await api.register(adminListingRoutes);
  await api.register(reviewRoutes);
  await api.register(sellerRoutes);
  await api.register(adminSuspensionRoutes);
}
