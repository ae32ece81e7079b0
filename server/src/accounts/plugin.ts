/** The accounts' API: signing in (the access token), the users, and recovering an account. */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth-routes';
import recoveryRoutes, { type RecoveryOptions } from './recovery-routes';
import userRoutes from './users-routes';

export default async function accountsApi(api: FastifyInstance, options: RecoveryOptions) {
  await api.register(authRoutes);
  await api.register(userRoutes);
  await api.register(recoveryRoutes, { publicOrigin: options.publicOrigin });
}
