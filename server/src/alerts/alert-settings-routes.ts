/**
 * Alert settings: whether the daily digest is mailed, and how saved cars' price drops
 * and sales are mailed. Buyers and sellers, as saved searches (an admin has none).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { SAVED_CAR_MAIL } from '../platform/db/schema';
import { ACCESS_TOKEN, errors } from '../platform/http/schemas';

const fields = {
  digest: Type.Boolean({
    description: "whether the day's 'daily' alerts are mailed in one digest e-mail",
  }),
  savedCars: Type.Union(
    SAVED_CAR_MAIL.map((value) => Type.Literal(value)),
    {
      description:
        "how saved cars' price drops and sales are e-mailed: 'instant' at once, 'daily' in " +
        "the day's digest, 'never' (the bell only)",
    },
  ),
};

const AlertSettings = Type.Object(fields, { $id: 'AlertSettings', title: 'AlertSettings' });

const alertSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AlertSettings);
  const owner = [app.authenticate, app.requireRole('Buyer', 'Seller')];

  app.get(
    '/alert-settings',
    {
      onRequest: owner,
      schema: {
        operationId: 'getAlertSettings',
        tags: ['saved searches'],
        summary: "The caller's alert e-mail settings",
        description: "Never changed: the defaults, `{digest: true, savedCars: 'instant'}`.",
        security: ACCESS_TOKEN,
        response: { 200: Type.Ref('AlertSettings'), ...errors(401, 403) },
      },
    },
    async (request) => app.repos.alertSettings.of(request.caller!.user!._id),
  );

  app.put(
    '/alert-settings',
    {
      onRequest: owner,
      schema: {
        operationId: 'putAlertSettings',
        tags: ['saved searches'],
        summary: "Sets the caller's alert e-mail settings (both of them)",
        security: ACCESS_TOKEN,
        body: Type.Object(fields, { additionalProperties: false }),
        response: { 200: Type.Ref('AlertSettings'), ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (request) =>
      app.repos.alertSettings.put(request.caller!.user!._id, {
        digest: request.body.digest,
        savedCars: request.body.savedCars,
      }),
  );
};

export default alertSettingsRoutes;
