import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DELETED_ACCOUNT } from '../platform/caller/access';
import { SAVED_CARS_CAP } from './saved-cars-repository';
import { httpError } from '../platform/http/errors';
import { isOwnerOrAdmin, LISTING_REMOVED } from '../cars/hidden-cars';
import { ACCESS_TOKEN, errors, Id } from '../platform/http/schemas';

/** The 409 of a save past the cap. */
export const SAVED_CARS_FULL = `You can save at most ${SAVED_CARS_CAP} cars: remove some first`;

const SavedCar = Type.Object(
  {
    productId: Type.String({ description: 'the car saved (it may since have been deleted)' }),
    carName: Type.String({ description: "the car's name now, or as it was when saved" }),
    carPhoto: Type.String({ description: "the car's cover photo now, or as it was when saved" }),
    savedPrice: Type.Number({ description: 'the selling price when saved' }),
    savedAt: Type.String({ format: 'date-time' }),
    status: Type.Union([Type.Literal('listed'), Type.Literal('sold'), Type.Literal('gone')], {
      description:
        "'gone': deleted by its seller (or with the seller's account), or hidden by moderation " +
        '(listed again if it comes back)',
    }),
    price: Type.Union([Type.Number(), Type.Null()], {
      description: 'the selling price now; null while the car is gone',
    }),
    alerts: Type.Boolean({
      description: 'whether its price drops and its sale are alerted (bell and e-mail)',
    }),
  },
  { $id: 'SavedCar', title: 'SavedCar' },
);

const ProductParams = Type.Object({ productId: Id });

/**
 * Saved cars: any signed-in account's hearts, at most SAVED_CARS_CAP. Admins may save
 * too: they browse the marketplace like anyone else. Saving and unsaving are idempotent.
 */
const savedCarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SavedCar);
  const signedIn = [app.authenticate, app.requireRole('Buyer', 'Seller', 'Admin')];

  app.get(
    '/saved-cars',
    {
      onRequest: [app.authenticate],
      schema: {
        operationId: 'getSavedCars',
        tags: ['saved'],
        summary: "The caller's saved cars, the latest saved first",
        description:
          'Each with its price when saved and now, and whether it is still listed, sold or ' +
          'gone (deleted: its name and photo as they were when saved).',
        security: ACCESS_TOKEN,
        response: { 200: Type.Array(Type.Ref('SavedCar')), ...errors(401) },
      },
    },
    async (request) => {
      const userId = request.caller!.user?._id;
      return userId ? app.repos.savedCars.of(userId) : [];
    },
  );

  app.put(
    '/saved-cars/:productId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'saveCar',
        tags: ['saved'],
        summary: 'Saves a car for the caller (saving one already saved changes nothing)',
        description:
          `At most ${SAVED_CARS_CAP} saved cars per account: one more is a 409. ` +
          'Unknown car: 404. A hidden car (by a moderator, or pending approval) not saved ' +
          "before answers as GET /products/{id} does: 410 'This listing was removed', except " +
          'to its seller and the admins. Answers the saved car, with its price when first saved.',
        security: ACCESS_TOKEN,
        params: ProductParams,
        response: { 200: Type.Ref('SavedCar'), ...errors(400, 401, 403, 404, 409, 410) },
      },
    },
    async (request) => {
      const caller = request.caller!.user!;
      const saved = await app.repos.savedCars.save(
        caller._id,
        request.params.productId,
        (ownerEmail) => isOwnerOrAdmin(caller, ownerEmail),
      );
      if (!('refused' in saved)) return saved;
      if (saved.refused === 'full') throw httpError(409, SAVED_CARS_FULL);
      if (saved.refused === 'no-account') throw httpError(401, DELETED_ACCOUNT);
      if (saved.refused === 'hidden') throw httpError(410, LISTING_REMOVED);
      throw httpError(404, 'productId: no such car');
    },
  );

  app.patch(
    '/saved-cars/:productId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'updateSavedCar',
        tags: ['saved'],
        summary: "Turns a saved car's alerts (its price drops and its sale) on or off",
        description: 'A car the caller has not saved: 404. Answers the saved car.',
        security: ACCESS_TOKEN,
        params: ProductParams,
        body: Type.Object(
          { alerts: Type.Boolean({ description: 'alerts on (true) or off (false)' }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('SavedCar'), ...errors(400, 401, 403, 404, 415, 429) },
      },
    },
    async (request) => {
      const saved = await app.repos.savedCars.setAlerts(
        request.caller!.user!._id,
        request.params.productId,
        request.body.alerts,
      );
      if (!saved) throw httpError(404, 'productId: not one of your saved cars');
      return saved;
    },
  );

  app.delete(
    '/saved-cars/:productId',
    {
      onRequest: signedIn,
      schema: {
        operationId: 'unsaveCar',
        tags: ['saved'],
        summary: "Removes a car from the caller's saved cars (one not saved: deletedCount 0)",
        security: ACCESS_TOKEN,
        params: ProductParams,
        response: {
          200: Type.Object({ deletedCount: Type.Integer({ minimum: 0, maximum: 1 }) }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => ({
      deletedCount: await app.repos.savedCars.remove(
        request.caller!.user!._id,
        request.params.productId,
      ),
    }),
  );
};

export default savedCarRoutes;
