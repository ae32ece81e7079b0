/**
 * The permission matrix's rows (server/src/permissions.test.ts) for saved cars, saved searches
 * and alert settings.
 */
import { newId } from '../src/platform/db/ids';
import { buyersAndSellers, buyersOwn, signedIn, type Row } from './permission-matrix';

export const savedRows: Row[] = [
  // Saved cars: any signed-in account's own (admins too); saving and unsaving are idempotent.
  {
    route: 'GET /api/saved-cars',
    request: () => ({ url: '/api/saved-cars' }),
    expect: signedIn(),
  },
  {
    route: 'PUT /api/saved-cars/:productId',
    request: (f) => ({ url: `/api/saved-cars/${f.productId}` }),
    expect: signedIn(),
  },
  {
    route: 'PATCH /api/saved-cars/:productId',
    request: async (f) => ({
      url: `/api/saved-cars/${await f.freshSavedCar()}`,
      payload: { alerts: false },
    }),
    // `buyer`'s saved car: anyone who has not saved it is told 404.
    expect: { anonymous: 401, buyer: 200, seller: 404, otherSeller: 404, admin: 404 },
    newcomer: 404,
  },
  {
    route: 'DELETE /api/saved-cars/:productId',
    request: (f) => ({ url: `/api/saved-cars/${f.productId}` }),
    expect: signedIn(),
  },
  {
    route: 'GET /api/saved-searches',
    request: () => ({ url: '/api/saved-searches' }),
    expect: buyersAndSellers(),
  },
  {
    route: 'POST /api/saved-searches',
    request: () => ({
      url: '/api/saved-searches',
      payload: { query: `category=BMW&q=matrix${newId()}` },
    }),
    expect: buyersAndSellers(201),
  },
  {
    route: 'PATCH /api/saved-searches/:id',
    request: async (f) => ({
      url: `/api/saved-searches/${await f.freshSavedSearch()}`,
      payload: { name: 'Renamed' },
    }),
    expect: buyersOwn(),
    newcomer: 404,
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    request: async (f) => ({ url: `/api/saved-searches/${await f.freshSavedSearch()}` }),
    expect: buyersOwn(204),
    newcomer: 404,
  },
  // Alert settings: buyers' and sellers' own, as saved searches.
  {
    route: 'GET /api/alert-settings',
    request: () => ({ url: '/api/alert-settings' }),
    expect: buyersAndSellers(),
  },
  {
    route: 'PUT /api/alert-settings',
    request: () => ({ url: '/api/alert-settings', payload: { digest: false, savedCars: 'daily' } }),
    expect: buyersAndSellers(),
  },
];
