import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VinAlreadyListed } from './product-writes-repository';
import { httpError } from '../platform/http/errors';

/** The signed-in caller's record (after `authenticate`); 401 when there is none. */
export function sellerOf(request: FastifyRequest) {
  const user = request.caller?.user;
  if (!user) throw httpError(401, 'authorization: not signed in');
  return user;
}

/** The product `id`, if the caller owns it: 404 when unknown, 403 when someone else's. */
export async function ownedProduct(app: FastifyInstance, request: FastifyRequest, id: string) {
  const seller = sellerOf(request);
  const product = await app.repos.products.findById(id);
  if (!product) throw httpError(404, 'id: no such product');
  if (product.email !== seller.email) throw httpError(403, 'id: this is not your product');
  return product;
}

/** Runs a write of a car; the seller's second live listing of one VIN is a 409. */
export async function sameVinOnce<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof VinAlreadyListed) throw httpError(409, error.message);
    throw error;
  }
}
