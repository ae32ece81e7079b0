import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, registerUser, type TestContext, type TestUser } from './helper';

/** What the users route tests share: the app, an admin, a seller and a buyer on it. */
export interface UsersTest {
  ctx: TestContext;
  admin: TestUser;
  seller: TestUser;
  buyer: TestUser;
  /** `PUT /api/users` with this Authorization header. */
  put(authorization: string, payload: object): Promise<LightMyRequestResponse>;
}

/** The app and its three users, for a `beforeAll` (close with `ctx.close()`). */
export async function openUsersTest(): Promise<UsersTest> {
  const ctx = await buildTestApp();
  const [admin, seller, buyer] = await Promise.all([
    registerUser(ctx.app, 'Admin'),
    registerUser(ctx.app, 'Seller'),
    registerUser(ctx.app, 'Buyer'),
  ]);
  const put = (authorization: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/users', headers: { authorization }, payload });
  return { ctx, admin, seller, buyer, put };
}
