/** The cars' API: the makes, the cars for sale and a seller's own, the admins' makes. */
import type { FastifyInstance } from 'fastify';
import adminCategoryRoutes from './admin-categories-routes';
import type { CarPhotoOrigins } from './car-photos';
import type { CarChecks } from './car-checks';
import categoryRoutes from './categories-routes';
import productRoutes from './products-routes';

export { adminCategorySchemas } from './admin-categories-routes';

export interface CarsApiOptions {
  /** Where a car's photos may come from. */
  photoOrigins: CarPhotoOrigins;
  /** What is checked of a car posted or edited. */
  checks: CarChecks;
}

export default async function carsApi(api: FastifyInstance, options: CarsApiOptions) {
  await api.register(categoryRoutes);
  await api.register(productRoutes, options);
  await api.register(adminCategoryRoutes, { photoOrigins: options.photoOrigins });
}
