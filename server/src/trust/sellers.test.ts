/**
 * Seller pages: the profile and its stats (cars sold and for sale, the stored rating,
 * how the seller answers bookings), who has none (404), the reviews' keyset paging and its bad
 * cursors, the search's `seller` filter, and the seller's id and rating on every card.
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

describe(`seller pages (${databaseKind})`, () => {
  let ctx: TestContext;
  let buyer: TestUser;
  let seller: TestUser;
  let quiet: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp({ catalogueCacheMs: 0 });
    [buyer, seller, quiet, admin] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'page-buyer'),
      registerUser(ctx.app, 'Seller', 'page-seller'),
      registerUser(ctx.app, 'Seller', 'page-quiet'),
      registerUser(ctx.app, 'Admin', 'page-admin'),
    ]);
  });
  afterAll(() => ctx.close());

  const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);
  const move = (user: TestUser, id: string, status: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${id}`,
      headers: user.auth,
      payload: { status },
    });
  const page = (id: string) => ctx.app.inject({ url: `/api/sellers/${id}` });

  /** A booking made `hoursAgo` hours ago, answered (`answer`) `answeredAfter` hours after. */
  async function bookingAt(hoursAgo: number, answer?: [string, number]) {
    const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, seller));
    if (answer) expect((await move(seller, id, answer[0])).statusCode).toBe(200);
    const at = (hours: number) =>
      sql`to_jsonb(to_char((now() - make_interval(hours => ${hours})) at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS"Z"'))`;
    await run(sql`update orders set created_at = now() - make_interval(hours => ${hoursAgo}),
        history = (select jsonb_agg(case when s->>'status' = 'requested'
          then jsonb_set(s, '{at}', ${at(hoursAgo)})
          else jsonb_set(s, '{at}', ${at(hoursAgo - (answer?.[1] ?? 0))}) end)
          from jsonb_array_elements(history) s)
      where id = ${id}`);
    return id;
  }

  it('answers the profile: no reviews, no bookings yet', async () => {
    const response = await page(quiet._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: quiet._id,
      name: quiet.name,
      photo: expect.any(String),
      verified: 'false',
      memberSince: expect.any(String),
      emailConfirmed: false,
      carsSold: 0,
      carsForSale: 0,
      sellerType: 'private',
      dealer: null,
      rating: { average: null, count: 0 },
      responses: { medianMinutes: null, within48h: null, bookings: 0 },
    });
  });

  it('counts how the seller answers over the last 90 days', async () => {
    await bookingAt(100, ['accepted', 1]); // answered in 1 h
    await bookingAt(200, ['declined', 3]); // 3 h
    await bookingAt(300, ['accepted', 60]); // 60 h: late
    await bookingAt(72); // unanswered for 72 h: counted, late
    await bookingAt(2); // unanswered for 2 h: not counted yet
    await bookingAt(24 * 100, ['accepted', 1]); // older than 90 days: left out
    const { responses, carsForSale } = (await page(seller._id)).json();
    expect(responses.bookings).toBe(5);
    expect(responses.medianMinutes).toBe(180);
    expect(responses.within48h).toBeCloseTo(2 / 4);
    // None was sold: the search counts all six cars.
    const search = await ctx.app.inject({ url: `/api/products?seller=${seller._id}&limit=1` });
    expect(Number(search.headers['x-total-count'])).toBe(carsForSale);
    expect(carsForSale).toBe(6);
  });

  it('answers 404 for an unknown, a buyer, an admin or a suspended account', async () => {
    for (const id of ['no-such-user', buyer._id, admin._id]) {
      expect((await page(id)).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: `/api/sellers/${id}/reviews` })).statusCode).toBe(404);
    }
    const gone = await registerUser(ctx.app, 'Seller', 'page-suspended');
    expect((await page(gone._id)).statusCode).toBe(200);
    await run(sql`update users set suspended_at = now() where id = ${gone._id}`);
    expect((await page(gone._id)).statusCode).toBe(404);
    expect((await page('bad id!')).statusCode).toBe(400);
  });

  it("pages the reviews newest first; a forged or another seller's cursor is a 400", async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = await placeOrder(ctx.app, buyer, await postProduct(ctx.app, quiet));
      await move(quiet, id, 'accepted');
      await move(quiet, id, 'sold');
      const written = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${id}/review`,
        headers: buyer.auth,
        payload: { rating: (i % 5) + 1, text: `Review number ${i} of five.` },
      });
      expect(written.statusCode).toBe(201);
      made.push(written.json()._id);
    }
    // Two at the same moment: the id breaks the tie.
    await run(
      sql`update reviews set created_at = '2026-01-01T00:00:00Z' where id in (${made[1]}, ${made[2]})`,
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const response = await ctx.app.inject({
        url: `/api/sellers/${quiet._id}/reviews?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('5');
      seen.push(...(response.json() as { _id: string }[]).map((r) => r._id));
      cursor = response.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    const profile = (await page(quiet._id)).json();
    expect(profile.rating).toEqual({ average: 3, count: 5 });
    expect(profile.carsSold).toBe(5);

    const first = await ctx.app.inject({ url: `/api/sellers/${quiet._id}/reviews?limit=1` });
    const good = first.headers['x-next-cursor'] as string;
    for (const [url, message] of [
      [`/api/sellers/${quiet._id}/reviews?cursor=${good.slice(0, -2)}xx`, /^cursor: /],
      [`/api/sellers/${seller._id}/reviews?cursor=${good}`, /^cursor: belongs to another seller/],
      [`/api/sellers/${quiet._id}/reviews?cursor=abc`, /^cursor: /],
      [`/api/sellers/${quiet._id}/reviews?limit=0`, /^limit/],
    ] as const) {
      const refused = await ctx.app.inject({ url });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    // A search's cursor is not a reviews cursor.
    const search = await ctx.app.inject({ url: `/api/products?seller=${seller._id}&limit=1` });
    const searchCursor = search.headers['x-next-cursor'] as string;
    const crossed = await ctx.app.inject({
      url: `/api/sellers/${seller._id}/reviews?cursor=${searchCursor}`,
    });
    expect(crossed.statusCode).toBe(400);
  });

  it("puts the seller's id and stored rating on cards and on a car's page", async () => {
    const rating = (await page(quiet._id)).json().rating;
    const carId = await postProduct(ctx.app, quiet, { carName: 'Rated car' });
    const search = (await ctx.app.inject({ url: `/api/products?seller=${quiet._id}` })).json();
    expect(search.length).toBeGreaterThan(0);
    for (const car of search)
      expect(car).toMatchObject({ sellerId: quiet._id, sellerRating: rating });
    const car = (await ctx.app.inject({ url: `/api/products/${carId}` })).json();
    expect(car).toMatchObject({ sellerId: quiet._id, sellerRating: rating });
    const category = await ctx.app.inject({ url: '/api/category-products/Tesla' });
    const mine = (category.json() as { _id: string }[]).find((c) => c._id === carId);
    expect(mine).toMatchObject({ sellerId: quiet._id, sellerRating: rating });
    await ctx.app.repos.products.advertise(carId);
    const ads = (await ctx.app.inject({ url: '/api/advertisment' })).json() as { _id: string }[];
    expect(ads.find((c) => c._id === carId)).toMatchObject({ sellerRating: rating });
    const own = (await getAs(ctx.app, quiet, `/api/seller-products/${quiet.email}`)).json();
    expect(own.find((c: { _id: string }) => c._id === carId)).toMatchObject({
      sellerRating: rating,
    });
  });

  it('lists the sellers with cars for sale in the sitemap', async () => {
    const none = await registerUser(ctx.app, 'Seller', 'page-no-cars');
    const index = (await ctx.app.inject({ url: '/sitemap.xml' })).body;
    // One file (50,000 addresses a file): the range of every id.
    expect(index).toContain('/sitemaps/sellers.xml</loc>');
    const file = await ctx.app.inject({ url: '/sitemaps/sellers.xml' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(`/sellers/${seller._id}</loc>`);
    expect(file.body).not.toContain(`/sellers/${none._id}<`);
    await run(sql`update users set suspended_at = now() where id = ${seller._id}`);
    // A suspension hides the account's cars, a catalogue change: the kept file is built again.
    ctx.app.catalogueCache.invalidate();
    expect((await ctx.app.inject({ url: '/sitemaps/sellers-1.xml' })).body).not.toContain(
      `/sellers/${seller._id}<`,
    );
    await run(sql`update users set suspended_at = null where id = ${seller._id}`);
    expect((await ctx.app.inject({ url: '/sitemaps/sellers-9.xml' })).statusCode).toBe(404);
  });

  it('refuses a saved search that names a seller', async () => {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: buyer.auth,
      payload: { query: `seller=${seller._id}` },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toMatch(/^seller/);
  });
});
