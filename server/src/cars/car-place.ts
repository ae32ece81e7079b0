/**
 * Where a posted or edited car is: the ZIP code its body gives, else the one US place its
 * location names, else nowhere (a town abroad, or text that names no place). The typed location
 * is never changed; only the car's `zip` and its point follow it.
 */
import type { FastifyInstance } from 'fastify';
import { httpError } from '../platform/http/errors';
import { NO_SUCH_ZIP, type Place } from '../places/places';

/** A car's place as stored: all three set, or all three null. */
export interface CarPlace {
  zip: string | null;
  latitude: number | null;
  longitude: number | null;
}

export const NO_PLACE: CarPlace = { zip: null, latitude: null, longitude: null };

const stored = (place: Place | null): CarPlace =>
  place ? { zip: place.zip, latitude: place.latitude, longitude: place.longitude } : NO_PLACE;

/**
 * The place a body sets: its `zip` (null: none; not five digits or unknown: 400), else the place
 * its `productLocation` names; undefined when the body sets neither (an edit keeps the car's).
 */
export async function carPlaceOf(
  app: FastifyInstance,
  body: { zip?: string | null; productLocation?: string },
): Promise<CarPlace | undefined> {
  if (body.zip === null) return NO_PLACE;
  if (body.zip !== undefined) {
    const place = await app.repos.places.ofZip(body.zip);
    if (!place) throw httpError(400, `zip: ${NO_SUCH_ZIP}`);
    return stored(place);
  }
  if (body.productLocation === undefined) return undefined;
  return stored(await app.repos.places.ofText(body.productLocation));
}
