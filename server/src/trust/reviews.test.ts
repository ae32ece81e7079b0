/**
 * Reviews: only the buyer of a sold booking reviews its seller, once, within 90 days
 * of the sale; the seller replies once; every refusal as a caller sees it; the seller's stored
 * rating on the seller page and the cards; the seller told.
 */
import { sql } from 'drizzle-orm';
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

describe(`reviews (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let other: TestUser;
  let seller: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    [buyer, other, seller, admin] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'review-buyer'),
      registerUser(ctx.app, 'Buyer', 'review-other'),
      registerUser(ctx.app, 'Seller', 'review-seller'),
      registerUser(ctx.app, 'Admin', 'review-admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const move = (user: TestUser, id: string, status: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: user.auth,
      payload: { status },
    });
  const review = (user: TestUser | null, id: string, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${id}/review`,
      headers: user?.auth ?? {},
      payload: payload as Record<string, unknown>,
    });
  const replyTo = (user: TestUser, id: string, text: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/${id}/reply`,
      headers: user.auth,
      payload: { text },
    });
  const good = { rating: 4, text: 'Honest seller, the car was as described.' };

  /** A booking of a new car of `seller` by `buyer`, taken through `moves`. */
  async function booking(moves: string[], carName = 'Review car'): Promise<string> {
    const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller, { carName }));
    for (const status of moves) {
      expect((await move(status === 'cancelled' ? buyer : seller, id, status)).statusCode).toBe(
        200,
      );
    }
    return id;
  }
  const sold = (carName?: string) => booking(['accepted', 'sold'], carName);

  const sellerPage = async () => {
    const response = await ctx.app.inject({ url: `/api/sellers/${seller._id}` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('lets the buyer of a sold booking review once; the seller is told and the rating kept', async () => {
    const before = await sellerPage();
    const id = await sold('Tesla Model S');
    const written = await review(buyer, id, good);
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({
      rating: 4,
      text: good.text,
      buyerName: buyer.name,
      productName: 'Tesla Model S',
      reply: null,
    });
    const again = await review(buyer, id, { rating: 1, text: 'Changed my mind about it.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already reviewed this booking');

    const bell = await getAs(ctx.app, seller, '/api/notifications');
    const told = (
      bell.json().items as { kind: string; text: string; orderId: string | null }[]
    ).find((n) => n.kind === 'review');
    expect(told).toMatchObject({
      text: `${buyer.name} gave you 4 stars for Tesla Model S`,
      orderId: id,
    });
    const mailed = (await ctx.database.db.execute(
      sql`select count(*)::int as n from outbox where kind = 'notice' and to_email = ${seller.email}`,
    )) as unknown as { rows: { n: number }[] };
    expect(mailed.rows[0]!.n).toBeGreaterThanOrEqual(1);

    const after = await sellerPage();
    expect(after.rating.count).toBe(before.rating.count + 1);
    expect(after.carsSold).toBe(before.carsSold + 1);
    const listed = await ctx.app.inject({ url: `/api/sellers/${seller._id}/reviews` });
    expect(listed.json()[0]).toMatchObject({ orderId: id, rating: 4, text: good.text });

    // The booking's page shows it to both parties; the buyer may not write another.
    const mine = await getAs(ctx.app, buyer, `/api/orders/${id}/review`);
    expect(mine.json()).toMatchObject({ canReview: false, review: { rating: 4 } });
    const theirs = await getAs(ctx.app, seller, `/api/orders/${id}/review`);
    expect(theirs.json()).toMatchObject({ canReview: false, review: { rating: 4 } });
  });

  it('refuses anyone but the buyer: 401, 404 for strangers, 403 for the seller', async () => {
    const id = await sold();
    expect((await review(null, id, good)).statusCode).toBe(401);
    for (const stranger of [other, admin]) {
      const refused = await review(stranger, id, good);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('id: no such booking');
      expect((await getAs(ctx.app, stranger, `/api/orders/${id}/review`)).statusCode).toBe(404);
    }
    const bySeller = await review(seller, id, good);
    expect(bySeller.statusCode).toBe(403);
    expect((await review(buyer, 'no-such-booking', good)).statusCode).toBe(404);
  });

  it('refuses a review before the sale with 409, and of a cancelled booking', async () => {
    for (const moves of [[], ['accepted'], ['cancelled'], ['declined']]) {
      const id = await booking(moves);
      const early = await review(buyer, id, good);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('You can review the seller once the car is sold to you');
      expect((await getAs(ctx.app, buyer, `/api/orders/${id}/review`)).json()).toMatchObject({
        canReview: false,
        reviewsCloseAt: null,
      });
    }
  });

  it('closes reviews 90 days after the sale, with the reason', async () => {
    const id = await sold();
    const daysAgo = (days: number) =>
      ctx.database.db.execute(sql`update orders set history = (
          select jsonb_agg(case when s->>'status' = 'sold'
            then jsonb_set(s, '{at}', to_jsonb(to_char((now() - make_interval(days => ${days}))
              at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
            else s end)
          from jsonb_array_elements(history) s)
        where id = ${id}`);
    await daysAgo(91);
    const late = await review(buyer, id, good);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Reviews close 90 days after the sale');
    expect((await getAs(ctx.app, buyer, `/api/orders/${id}/review`)).json().canReview).toBe(false);
    await daysAgo(89);
    expect((await getAs(ctx.app, buyer, `/api/orders/${id}/review`)).json().canReview).toBe(true);
    expect((await review(buyer, id, good)).statusCode).toBe(201);
  });

  it('answers two reviews at once with one 201 and one 409', async () => {
    const id = await sold();
    const [a, b] = await Promise.all([review(buyer, id, good), review(buyer, id, good)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const count = (await ctx.database.db.execute(
      sql`select count(*)::int as n from reviews where order_id = ${id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(1);
  });

  it('refuses bad stars and text with a 400 naming the field', async () => {
    const id = await sold();
    for (const [payload, field] of [
      [{ rating: 0, text: good.text }, 'rating'],
      [{ rating: 6, text: good.text }, 'rating'],
      [{ rating: 3.5, text: good.text }, 'rating'],
      [{ rating: 4, text: 'Too short' }, 'text'],
      [{ rating: 4, text: '   short      ' }, 'text'],
      [{ rating: 4, text: 'x'.repeat(2001) }, 'text'],
      [{ rating: 4 }, 'text'],
    ] as const) {
      const refused = await review(buyer, id, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(new RegExp(`^${field}`));
    }
  });

  it('lets the reviewed seller reply once; the buyer is told; others are refused', async () => {
    const id = await sold('BMW X5');
    const reviewId = (await review(buyer, id, good)).json()._id as string;
    expect((await replyTo(buyer, reviewId, 'Me too')).statusCode).toBe(403);
    for (const stranger of [other, admin]) {
      expect((await replyTo(stranger, reviewId, 'Not mine')).statusCode).toBe(404);
    }
    const [a, b] = await Promise.all([
      replyTo(seller, reviewId, 'Thank you, enjoy the car!'),
      replyTo(seller, reviewId, 'Thanks again'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await replyTo(seller, reviewId, 'A third one');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You already replied to this review');
    const bell = (await getAs(ctx.app, buyer, '/api/notifications')).json().items as {
      kind: string;
      text: string;
    }[];
    expect(bell.find((n) => n.kind === 'review_reply')?.text).toBe(
      `${seller.name} replied to your review of BMW X5`,
    );
    expect((await replyTo(seller, 'no-such-review', 'Hello there')).statusCode).toBe(404);
    expect((await replyTo(seller, reviewId, '   ')).statusCode).toBe(400);
  });

  it('leaves a hidden review out of the list and the rating; nobody replies to it', async () => {
    const id = await sold();
    const written = (
      await review(buyer, id, { rating: 1, text: 'Rude and abusive words.' })
    ).json();
    const before = await sellerPage();
    await ctx.database.db.execute(
      sql`update reviews set hidden_at = now(), hidden_reason = 'Abusive' where id = ${written._id}`,
    );
    const after = await sellerPage();
    expect(after.rating.count).toBe(before.rating.count - 1);
    const listed = (
      await ctx.app.inject({ url: `/api/sellers/${seller._id}/reviews?limit=50` })
    ).json() as { _id: string }[];
    expect(listed.map((r) => r._id)).not.toContain(written._id);
    expect((await replyTo(seller, written._id, 'Sorry')).statusCode).toBe(404);
    expect((await getAs(ctx.app, seller, `/api/orders/${id}/review`)).json().review).toBeNull();
    expect((await getAs(ctx.app, buyer, `/api/orders/${id}/review`)).json()).toMatchObject({
      hidden: true,
      canReview: false,
    });
  });
});

describe(`reviews' rate limit (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ rateLimits: { reviews: { max: 2, windowSeconds: 60 } } });
  });
  afterAll(() => ctx.close());

  it("counts an account's reviews and replies together, then answers 429", async () => {
    const [buyer, seller] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'limit-buyer'),
      registerUser(ctx.app, 'Seller', 'limit-seller'),
    ]);
    const post = (url: string, payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: buyer.auth,
        payload: payload as Record<string, unknown>,
      });
    const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    const body = { rating: 5, text: 'Quick and friendly seller.' };
    expect((await post(`/api/orders/${id}/review`, body)).statusCode).toBe(409);
    expect((await post('/api/reviews/some-review/reply', { text: 'Hi' })).statusCode).toBe(404);
    const limited = await post(`/api/orders/${id}/review`, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
