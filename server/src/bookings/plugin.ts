/** The bookings' API: bookings, their moves and messages, and the notifications. */
import type { FastifyInstance } from 'fastify';
import notificationRoutes from './notifications-routes';
import orderRoutes from './orders-routes';

export default async function bookingsApi(api: FastifyInstance) {
  await api.register(orderRoutes);
  await api.register(notificationRoutes);
}
