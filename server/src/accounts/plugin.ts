/**
 * The accounts' API: signing in (the access token), the users, the caller's own account, and
 * recovering an account.
 */
import type { FastifyInstance } from 'fastify';
import authRoutes from './auth-routes';
import emailChangeRoutes from './email-change-routes';
import dealerRoutes from './dealer-routes';
import leavingRoutes from './leaving-routes';
import meRoutes from './me-routes';
import recoveryRoutes, { type RecoveryOptions } from './recovery-routes';
import userRoutes from './users-routes';

export default async function accountsApi(api: FastifyInstance, options: RecoveryOptions) {
  await api.register(authRoutes);
  await api.register(userRoutes);
  await api.register(meRoutes);
  await api.register(dealerRoutes);
  await api.register(leavingRoutes);
  await api.register(recoveryRoutes, { publicOrigin: options.publicOrigin });
  await api.register(emailChangeRoutes, { publicOrigin: options.publicOrigin });
}
