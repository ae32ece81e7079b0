/**
 * An admin deletes an account while that account is writing: the access check has passed, and
 * the record is gone by the time the write reaches the database. The write is refused with the
 * deleted account's 401, never a 500, and nothing points to the deleted record.
 */
import { DELETED_ACCOUNT } from '../platform/caller/access';
import {
  buildTestApp,
  databaseKind,
  placeOrder,
  postProduct,
  productBody,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`an account deleted while it writes (${databaseKind})`, () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await registerUser(ctx.app, 'Admin');
  });
  afterAll(() => ctx.close());

  async function deleteAccount(user: TestUser): Promise<void> {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/user/${user._id}`,
      headers: admin.auth,
    });
    expect(response.statusCode).toBe(200);
  }

  /** Runs `write` with `repo[method]` deleting `user` first (after the access check passed). */
  async function deletedBefore<R extends object>(
    repo: R,
    method: keyof R,
    user: TestUser,
    write: () => Promise<{ statusCode: number; json: () => { message?: string } }>,
  ) {
    const original = repo[method] as (...args: unknown[]) => Promise<unknown>;
    (repo as Record<keyof R, unknown>)[method] = async (...args: unknown[]) => {
      await deleteAccount(user);
      return original.apply(repo, args);
    };
    try {
      return await write();
    } finally {
      (repo as Record<keyof R, unknown>)[method] = original;
    }
  }

  it('refuses the booking of a buyer deleted meanwhile with 401', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'mid-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'mid-buyer');
    const car = await postProduct(ctx.app, seller);
    const response = await deletedBefore(ctx.app.repos.orders, 'insert', buyer, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.auth,
        payload: { buyerName: 'B', phone: '5551234567', meetLocation: 'Main St', productID: car },
      }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(DELETED_ACCOUNT);
    const page = await ctx.app.repos.orders.sellerPage(seller._id, { limit: 10, offset: 0 });
    expect(page.rows).toEqual([]);
  });

  it('refuses the message of a buyer deleted meanwhile with 401 (a sold booking)', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'mid-seller-2');
    const buyer = await registerUser(ctx.app, 'Buyer', 'mid-buyer-2');
    const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    // A sold booking keeps its conversation after the deletion (an open one is cancelled).
    for (const status of ['accepted', 'sold']) {
      const moved = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/orders/${id}`,
        headers: seller.auth,
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    const response = await deletedBefore(ctx.app.repos.orders, 'addMessage', buyer, () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/messages`,
        headers: buyer.auth,
        payload: { text: 'Still there?' },
      }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(DELETED_ACCOUNT);
  });

  it('refuses the car of a seller deleted meanwhile with 401', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'mid-seller-3');
    const response = await deletedBefore(ctx.app.repos.products, 'insert', seller, () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/category',
        headers: seller.auth,
        payload: productBody(),
      }),
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(DELETED_ACCOUNT);
  });
});
