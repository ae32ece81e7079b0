/** The accounts' API: signing in (the access token), the users, and the caller's own account. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth-routes';
import leavingRoutes from './leaving-routes';
import meRoutes from './me-routes';
import userRoutes from './users-routes';

export default async function accountsApi(api: FastifyInstance) {
  await api.register(authRoutes);
  await api.register(userRoutes);
  await api.register(meRoutes);
  await api.register(leavingRoutes);
}
