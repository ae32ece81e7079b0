import type { Db } from '../client';
import { CatalogueCache, catalogueCacheMs } from './catalogue-cache';
import { ordersRepository } from './orders-repository';
import { productsRepository } from './products-repository';
import { usersRepository } from './users-repository';

/** The data access the routes use; handlers never build SQL themselves. */
export function repositories(db: Db, cache = new CatalogueCache(catalogueCacheMs())) {
  return {
    users: usersRepository(db, cache),
    products: productsRepository(db, cache),
    orders: ordersRepository(db, cache),
    /** The catalogue's read cache (`CATALOGUE_CACHE_MS`, at most 1 s; writes clear it). */
    catalogueCache: cache,
  };
}

export type Repositories = ReturnType<typeof repositories>;
