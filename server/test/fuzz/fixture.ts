/**
 * The fuzzer's fixture: a buyer, a seller (with two cars) and an admin made through the API
 * itself, and valid values for each parameter name, a valid body and the usual caller of each
 * route, for the cases to mix with hostile ones.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/platform/db/client';

export interface FuzzUser {
  email: string;
  _id: string;
  accessToken: string;
  idToken: string;
}

export interface FuzzFixture {
  users: Record<'buyer' | 'seller' | 'admin', FuzzUser>;
  /** Valid values by parameter or query name (`email`, `id`, `categoryName`, …). */
  values: Record<string, string[]>;
  /** A valid JSON body by `METHOD url` (e.g. `POST /api/orders`). */
  bodies: Record<string, () => Record<string, unknown>>;
  /** Who may make the call, by `METHOD url` (most cases then reach the handler). */
  callers: Record<string, 'buyer' | 'seller' | 'admin'>;
  imageHostKey: string;
}

export interface FuzzContext {
  app: FastifyInstance;
  db: Db;
  imageDir: string;
  fixture: FuzzFixture;
  /** The table hashes after the last case, while known (saves hashing twice per case). */
  lastHashes?: Record<string, string>;
}

/**
 * Users and values through the API itself: a buyer, a seller (with a product) and an admin.
 * `idTokenFor` answers a Firebase ID token for an email (the emulator in the tests, a stand-in
 * sign-in provider in the bench).
 */
export async function makeFixture(
  app: FastifyInstance,
  idTokenFor: (email: string) => Promise<string>,
  imageHostKey: string,
): Promise<FuzzFixture> {
  const stamp = Date.now().toString(36) + Math.random().toString(36).slice(2, 7);
  const make = async (role: 'Buyer' | 'Seller' | 'Admin'): Promise<FuzzUser> => {
    const email = `fuzz-${role.toLowerCase()}-${stamp}@test.cardealer.dev`;
    const idToken = await idTokenFor(email);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: `Fuzz ${role}`, email, userRole: role === 'Admin' ? 'Buyer' : role },
    });
    if (put.statusCode !== 200) throw new Error(`PUT /api/users: ${put.body}`);
    if (role === 'Admin') await app.repos.users.setRole(email, 'Admin');
    const jwt = await app.inject({
      url: `/api/jwt?email=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${idToken}` },
    });
    if (jwt.statusCode !== 200) throw new Error(`GET /api/jwt: ${jwt.body}`);
    return { email, _id: put.json().upsertedId, accessToken: jwt.json().accessToken, idToken };
  };
  const [buyer, seller, admin] = [await make('Buyer'), await make('Seller'), await make('Admin')];
  const productBody = () => ({
    carName: 'Fuzz Tesla',
    carPhoto: '/images/cars/car-01.svg',
    categoryName: 'Tesla',
    condition: 'Good',
    originalPrice: '52000',
    resalePrice: 38500,
    productLocation: 'Austin, TX',
    userYears: '2',
    productDescription: 'One owner.',
    sellerName: 'Fuzz Seller',
    // The vehicle data (a VIN would make the fixture's second post a 409).
    model: 'Model 3',
    modelYear: 2019,
    mileage: 48000,
    fuel: 'Electric',
  });
  const posted = await app.inject({
    method: 'POST',
    url: '/api/category',
    headers: { authorization: `bearer ${seller.accessToken}` },
    payload: productBody(),
  });
  if (posted.statusCode !== 201) throw new Error(`POST /api/category: ${posted.body}`);
  const productId = posted.json().insertedId as string;
  // A second car, so that pages of one have next-page cursors (genuine ones, to mutate).
  await app.inject({
    method: 'POST',
    url: '/api/category',
    headers: { authorization: `bearer ${seller.accessToken}` },
    payload: { ...productBody(), resalePrice: 39500 },
  });
  const cursors: string[] = [];
  for (const url of [
    '/api/products?limit=1',
    '/api/products?limit=1&sort=price_asc',
    '/api/products?limit=1&sort=deal',
    '/api/products?limit=1&q=tesla',
    '/api/category-products/Tesla?limit=1',
    '/api/category-products/Tesla?limit=1&sort=resalePrice&order=asc',
  ]) {
    const next = (await app.inject({ url })).headers['x-next-cursor'];
    if (typeof next === 'string') cursors.push(next);
  }
  const emails = [buyer.email, seller.email, admin.email];
  return {
    users: { buyer, seller, admin },
    values: {
      email: emails,
      // Ids that exist are given only to routes that do not delete (see `valuesFor` in cases.ts).
      id: [productId, buyer._id, seller._id],
      productID: [productId],
      productId: [productId],
      categoryName: ['Tesla', 'BMW'],
      key: [imageHostKey],
      cursor: cursors,
    },
    bodies: {
      'POST /api/category': productBody,
      'POST /api/orders': () => ({
        buyerName: 'Fuzz Buyer',
        phone: '5551234567',
        meetLocation: 'Main St',
        productID: productId,
      }),
      'PUT /api/users': () => ({ name: 'Fuzz Buyer', email: buyer.email, userRole: 'Buyer' }),
      'PATCH /api/products/:id': () => ({ resalePrice: 31000, mileage: 49000 }),
      'POST /api/admin/categories': () => ({
        categoryName: 'Fuzz make',
        image: '/images/categories/bmw.svg',
        rating: 4.5,
      }),
      'PATCH /api/admin/categories/:id': () => ({ rating: 4.1, position: 2 }),
    },
    callers: {
      'POST /api/category': 'seller',
      'PUT /api/seller-products/:id': 'seller',
      'DELETE /api/seller-products/:id': 'seller',
      'PATCH /api/products/:id': 'seller',
      'GET /api/seller-products/:email': 'seller',
      'POST /api/orders': 'buyer',
      'GET /api/orders': 'buyer',
      'PUT /api/users': 'buyer',
      'PUT /api/saved-cars/:productId': 'buyer',
      'DELETE /api/saved-cars/:productId': 'buyer',
      'GET /api/saved-cars': 'buyer',
      'GET /api/users/buyers': 'admin',
      'GET /api/users/sellers': 'admin',
      'DELETE /api/user/:id': 'admin',
      'PUT /api/users/verify/:id': 'admin',
      'GET /api/admin/categories': 'admin',
      'POST /api/admin/categories': 'admin',
      'PATCH /api/admin/categories/:id': 'admin',
      'DELETE /api/admin/categories/:id': 'admin',
    },
    imageHostKey,
  };
}
