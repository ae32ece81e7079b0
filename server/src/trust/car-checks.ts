/** The checks trust makes of every car posted or edited, as the cars' routes call them. */
import type { FastifyInstance } from 'fastify';
import type { CarChecks } from '../cars/car-checks';
import {
  checkCar,
  flag,
  flagContextFor,
  newSellerDetails,
  newSellerHold,
  type AutoFlagOptions,
} from './auto-flags';

/** A new account's hold on its cars past the first day's allowance, and the automatic flags. */
export function trustCarChecks(app: FastifyInstance, flags: AutoFlagOptions): CarChecks {
  return {
    holdNewCar: (sellerId) => newSellerHold(app.db, sellerId, flags.newSellerDailyCars),
    async afterWrite(carId, log, held = null) {
      if (held !== null) {
        await flag(app.db, carId, 'new_seller', newSellerDetails(held)).catch((error: unknown) =>
          log.warn({ err: error }, 'new seller flag not written'),
        );
      }
      await checkCar(flagContextFor(app, flags, log), carId);
    },
  };
}
