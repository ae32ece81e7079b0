/**
 * A sold booking whose seller has since deleted their account offers no review of 'Deleted
 * user': the booking's review state says it cannot be written, and writing one answers 409.
 */
import { SELLER_DELETED } from './reviews-routes';
import {
  buildTestApp,
  databaseKind,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`a review of a deleted seller (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const move = async (user: TestUser, order: string, status: string) => {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order}`,
      headers: user.auth,
      payload: { status },
    });
    expect(response.statusCode).toBe(200);
  };
  const review = (user: TestUser, order: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order}/review`,
      headers: user.auth,
      payload: { rating: 5, text: 'Great car, smooth handover.' },
    });

  it('is not offered and is refused (409) once the seller deleted their account', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'leaving-seller');
    const buyer = await registerUser(ctx.app, 'Buyer', 'left-buyer');
    const order = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    await move(seller, order, 'accepted');
    await move(seller, order, 'sold');
    const before = await getAs(ctx.app, buyer, `/api/orders/${order}/review`);
    expect(before.json()).toMatchObject({ canReview: true });

    const closed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: seller.auth,
      payload: { confirm: 'delete my account' },
    });
    expect(closed.statusCode).toBe(204);

    const after = await getAs(ctx.app, buyer, `/api/orders/${order}/review`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ review: null, canReview: false });
    const refused = await review(buyer, order);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SELLER_DELETED);
  });
});
