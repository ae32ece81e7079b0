/** The accounts' API: signing in (the access token) and the users. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth-routes';
import userRoutes from './users-routes';

export default async function accountsApi(api: FastifyInstance) {
  await api.register(authRoutes);
  await api.register(userRoutes);
}
