/**
 * The alerts' API (saved cars, saved searches, alert settings) and, outside the API, the page and
 * call of one-click unsubscribing from alert e-mails.
 */
import type { FastifyInstance } from 'fastify';
import alertSettingsRoutes from './alert-settings-routes';
import savedCarRoutes from './saved-cars-routes';
import savedSearchRoutes from './saved-searches-routes';
import unsubscribeRoutes from './unsubscribe-routes';

export default async function alertsApi(api: FastifyInstance) {
  await api.register(savedCarRoutes);
  await api.register(savedSearchRoutes);
  await api.register(alertSettingsRoutes);
}

/** One-click unsubscribe from alert e-mails: the API's POST and the page a person opens. */
export async function alertsUnsubscribe(app: FastifyInstance) {
  await app.register(unsubscribeRoutes);
}
