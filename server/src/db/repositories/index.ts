import type { Db } from '../client';
import { catalogueReplicasRepository } from './catalogue-replicas-repository';
import { notificationsRepository } from './notifications-repository';
import { ordersRepository } from './orders-repository';
import { productsRepository } from './products-repository';
import { searchRepository } from './search-repository';
import { rateLimitsRepository } from './rate-limits-repository';
import { usersRepository } from './users-repository';

/** The data access the routes use; handlers never build SQL themselves. */
export function repositories(db: Db) {
  return {
    users: usersRepository(db),
    products: productsRepository(db),
    search: searchRepository(db),
    orders: ordersRepository(db),
    notifications: notificationsRepository(db),
    catalogueReplicas: catalogueReplicasRepository(db),
    rateLimits: rateLimitsRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositories>;
