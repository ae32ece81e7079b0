/**
 * Every price a car has had (the table `price_history`): written by the database on every write
 * path, in whole dollars, read back as a car's history and a card's recent drop. Time is moved
 * through the data (the rows' changed_at), never by waiting.
 */
import { eq, sql } from 'drizzle-orm';
import { priceHistory, products } from '../platform/db/schema';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const DAY = 86_400_000;

describe(`the price's history (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  beforeAll(async () => {
    ctx = await buildTestApp();
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());

  const patch = (id: string, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${id}`,
      headers: seller.auth,
      payload,
    });
  const rowsOf = (id: string) =>
    ctx.database.db
      .select({ price: priceHistory.price, previous: priceHistory.previousPrice })
      .from(priceHistory)
      .where(eq(priceHistory.productId, id))
      .orderBy(priceHistory.changedAt, priceHistory.id);
  /** Moves a car's whole history (and its listing) `days` into the past. */
  const age = async (id: string, days: number) => {
    const shift = sql.raw(`interval '${days} days'`);
    await ctx.database.db.execute(
      sql`update price_history set changed_at = changed_at - ${shift} where product_id = ${id}`,
    );
    await ctx.database.db.execute(
      sql`update products set created_at = created_at - ${shift} where id = ${id}`,
    );
  };

  it('keeps a price edited twice through the API as three whole-dollar prices, and nothing else', async () => {
    const id = await postProduct(ctx.app, seller, { resalePrice: '38500' });
    expect((await patch(id, { resalePrice: '37999.6' })).statusCode).toBe(200);
    // Not a price change: the name; the same whole-dollar price; a change of cents only.
    expect((await patch(id, { carName: 'Tesla Model 3 LR' })).statusCode).toBe(200);
    expect((await patch(id, { resalePrice: 38000 })).statusCode).toBe(200);
    expect((await patch(id, { resalePrice: 38000.3 })).statusCode).toBe(200);
    expect((await patch(id, { resalePrice: 36000 })).statusCode).toBe(200);
    expect(await rowsOf(id)).toEqual([
      { price: 38500, previous: null },
      { price: 38000, previous: 38500 },
      { price: 36000, previous: 38000 },
    ]);
    const history = await ctx.app.repos.priceHistory.ofCar(id);
    expect(history?.priceHistory.map((point) => point.price)).toEqual([38500, 38000, 36000]);
    expect(history?.priceHistory.every((point) => Number.isInteger(point.price))).toBe(true);
    expect(history?.priceDrop).toEqual({ amount: 2000, at: history?.priceHistory[2]?.at });
    const [car] = await ctx.database.db
      .select({ createdAt: products.createdAt })
      .from(products)
      .where(eq(products._id, id));
    expect(history?.listedAt).toBe(car!.createdAt.toISOString());
    expect(history?.priceHistory[0]?.at).toBe(history?.listedAt);
  });

  it('shows a drop for 14 days and not after; a raise after a drop is no drop', async () => {
    const [fresh, old, raised, unchanged] = await Promise.all(
      [1, 2, 3, 4].map(() => postProduct(ctx.app, seller, { resalePrice: '50000' })),
    );
    for (const id of [fresh!, old!, raised!]) await patch(id, { resalePrice: '45000' });
    await patch(raised!, { resalePrice: '47000' });
    await age(fresh!, 13);
    await age(old!, 15);
    const news = await ctx.app.repos.priceHistory.newsOf([fresh!, old!, raised!, unchanged!]);
    expect(news.get(fresh!)?.priceDrop).toEqual({ amount: 5000, at: expect.any(String) });
    const at = Date.parse(news.get(fresh!)!.priceDrop!.at);
    expect(Date.now() - at).toBeGreaterThan(13 * DAY - 60_000);
    expect(Date.now() - at).toBeLessThan(14 * DAY);
    expect(news.get(old!)?.priceDrop).toBeNull();
    expect(news.get(raised!)?.priceDrop).toBeNull();
    expect(news.get(unchanged!)?.priceDrop).toBeNull();
    expect(Date.now() - Date.parse(news.get(old!)!.listedAt)).toBeGreaterThan(15 * DAY - 60_000);
    // The car's page agrees, and still has the old drop in its history.
    const page = await ctx.app.repos.priceHistory.ofCar(old!);
    expect(page?.priceDrop).toBeNull();
    expect(page?.priceHistory.map((point) => point.price)).toEqual([50000, 45000]);
    expect(await ctx.app.repos.priceHistory.newsOf([])).toEqual(new Map());
  });

  it('covers bulk inserts at their post time and bulk updates; a car deleted takes its history', async () => {
    const posted = new Date(Date.now() - 40 * DAY);
    const { rows } = (await ctx.database.db.execute(
      sql`insert into products (id, car_name, car_photo, category_name, condition, original_price,
            resale_price, product_location, user_years, post_time, product_description,
            seller_name, email, created_at)
          select 'bulk-' || n, 'Bulk car', '/images/car.svg', 'BMW', 'Good', 30000, 20000.4 + n,
            'Austin, TX', 1, 'now', '', 'Sam', ${seller.email}, ${posted.toISOString()}
          from generate_series(1, 3) n
          returning id`,
    )) as unknown as { rows: { id: string }[] };
    expect(rows).toHaveLength(3);
    await ctx.database.db.execute(
      sql`update products set resale_price = resale_price - 1000 where id like 'bulk-%'`,
    );
    const news = await ctx.app.repos.priceHistory.newsOf(['bulk-1', 'bulk-2', 'bulk-3']);
    expect(news.get('bulk-2')).toEqual({
      listedAt: posted.toISOString(),
      priceDrop: { amount: 1000, at: expect.any(String) },
    });
    const history = await ctx.app.repos.priceHistory.ofCar('bulk-3');
    expect(history?.priceHistory).toEqual([
      { price: 20003, at: posted.toISOString() },
      { price: 19003, at: expect.any(String) },
    ]);
    await ctx.database.db.delete(products).where(eq(products._id, 'bulk-1'));
    expect(await rowsOf('bulk-1')).toEqual([]);
    expect(await ctx.app.repos.priceHistory.ofCar('bulk-1')).toBeNull();
  });

  it("caps a car's page at its first price and its newest 19, oldest first", async () => {
    const id = await postProduct(ctx.app, seller, { resalePrice: '60000' });
    for (let step = 1; step <= 24; step += 1) {
      await ctx.database.db.execute(
        sql`update products set resale_price = ${60000 - step * 100} where id = ${id}`,
      );
    }
    const history = await ctx.app.repos.priceHistory.ofCar(id);
    expect(history?.priceHistory).toHaveLength(20);
    // What it was listed at stays, however many changes came after.
    expect(history?.priceHistory[0]?.price).toBe(60000);
    expect(history?.priceHistory[1]?.price).toBe(60000 - 6 * 100);
    expect(history?.priceHistory[19]?.price).toBe(60000 - 24 * 100);
    expect(history?.priceDrop?.amount).toBe(100);
  });

  it("answers the history on a car's page, and the drop on search, category and advertisement cards for 14 days", async () => {
    const name = (label: string) => `Drop test ${label} ${seller.email}`;
    const [recent, old, same] = await Promise.all(
      ['recent', 'old', 'same'].map((label) =>
        postProduct(ctx.app, seller, {
          carName: name(label),
          categoryName: 'Ferrari',
          resalePrice: '80000',
        }),
      ),
    );
    for (const id of [recent!, old!]) {
      expect((await patch(id, { resalePrice: '78000' })).statusCode).toBe(200);
    }
    await age(recent!, 13);
    await age(old!, 15);
    for (const id of [recent!, old!]) {
      await ctx.database.db
        .update(products)
        .set({ advertisement: 'true' })
        .where(eq(products._id, id));
    }

    const page = await ctx.app.inject({ url: `/api/products/${recent}` });
    expect(page.statusCode).toBe(200);
    const car = page.json();
    expect(car.priceHistory).toEqual([
      { price: 80000, at: car.listedAt },
      { price: 78000, at: car.priceDrop.at },
    ]);
    expect(car.priceDrop.amount).toBe(2000);
    expect(Date.now() - Date.parse(car.listedAt)).toBeGreaterThan(13 * DAY - 60_000);
    const oldPage = (await ctx.app.inject({ url: `/api/products/${old}` })).json();
    expect(oldPage.priceDrop).toBeNull();
    expect(oldPage.priceHistory.map((point: { price: number }) => point.price)).toEqual([
      80000, 78000,
    ]);

    type Card = { _id: string; listedAt: string; priceDrop: { amount: number } | null };
    const byId = (cards: Card[]) => new Map(cards.map((card) => [card._id, card]));
    const search = byId(
      (
        await ctx.app.inject({
          url: `/api/products?q=${encodeURIComponent(seller.email)}&limit=48`,
        })
      ).json(),
    );
    const category = byId(
      (await ctx.app.inject({ url: '/api/category-products/Ferrari?limit=100' })).json(),
    );
    const advertised = byId((await ctx.app.inject({ url: '/api/advertisment' })).json());
    for (const cards of [search, category]) {
      expect(cards.get(recent!)?.priceDrop).toEqual({ amount: 2000, at: car.priceDrop.at });
      expect(cards.get(old!)?.priceDrop).toBeNull();
      expect(cards.get(same!)?.priceDrop).toBeNull();
      expect(cards.get(old!)?.listedAt).toBe(oldPage.listedAt);
    }
    expect(advertised.get(recent!)?.priceDrop?.amount).toBe(2000);
    expect(advertised.get(old!)?.priceDrop).toBeNull();
  });

  it("answers 404 for an unknown car's history and 400 for a malformed id", async () => {
    expect((await ctx.app.inject({ url: '/api/products/no-such-car-0000' })).statusCode).toBe(404);
    const bad = await ctx.app.inject({ url: '/api/products/bad%21id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^id/);
  });
});
