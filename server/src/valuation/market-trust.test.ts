/**
 * Market values a few new accounts cannot steer, on the demo's market of Teslas: six new sellers
 * posting three 2024 Model 3 Long Range each at 45 % of its value move the demo Model 3's value
 * by less than 5 % and change no honest listing's rating, and are flagged for the moderators as
 * a burst; one seller's many cars weigh as three; an account counts fully once it is 30 days old,
 * verified by an admin, or has sold a car.
 */
import { sql } from 'drizzle-orm';
import { firebaseAuth } from '../platform/caller/firebase-admin';
import { seedDemoData } from '../scripts/seed';
import {
  buildTestApp,
  databaseKind,
  emulatorHost,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';
import { DEFAULT_MARKET_TRUST } from './market-trust';

interface Car {
  _id: string;
  resalePrice: number;
  marketValue?: { value: number; basis: string } | null;
  fairPrice: { rating: string } | null;
}

const DEMO_MODEL_3 = 'demo-car-01';

describe(`market values weigh sellers by their history (${databaseKind})`, () => {
  let ctx: TestContext;
  let admin: TestUser;
  let buyer: TestUser;
  let honest: Map<string, string | undefined>;
  let demoValue: number;

  const page = async (id: string) =>
    (await ctx.app.inject({ url: `/api/products/${id}` })).json() as Car;
  const teslas = async () =>
    (await ctx.app.inject({ url: '/api/products?category=Tesla&limit=48' })).json() as Car[];
  const ratings = async () =>
    new Map((await teslas()).map((car) => [car._id, car.fairPrice?.rating]));
  async function refresh() {
    while (!(await ctx.app.repos.search.refreshDeals())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ctx.app.catalogueCache.invalidate();
  }
  /**
   * Posts `n` 2024 Model 3 Long Range in Excellent condition (as the demo Model 3) as `seller`,
   * at `price` plus $100 a car.
   */
  async function postModel3s(seller: TestUser, n: number, price: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      ids.push(
        await postProduct(ctx.app, seller, {
          carName: '2024 Tesla Model 3 Long Range',
          resalePrice: String(price + 100 * i),
          model: 'Model 3',
          modelYear: 2024,
          mileage: 20_000 + 1_000 * i,
          condition: 'Excellent',
        }),
      );
    }
    return ids;
  }
  /** The cars in the admins' queue for a burst of new accounts' listings. */
  async function burstFlagged(): Promise<string[]> {
    const queue = await getAs(ctx.app, admin, '/api/admin/reports?limit=100');
    expect(queue.statusCode).toBe(200);
    return (queue.json() as { targetId: string; reasons: string[] }[])
      .filter((row) => row.reasons.includes('listing_burst'))
      .map((row) => row.targetId)
      .sort();
  }
  const deleteCars = (ids: string[]) =>
    ctx.database.db.execute(
      sql`delete from products where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );

  beforeAll(async () => {
    // The market trust rules as `npm start` has them (the test app counts every account as
    // established); no background refresh: the tests refresh.
    ctx = await buildTestApp({
      marketTrust: DEFAULT_MARKET_TRUST,
      dealRatios: { delayMs: 600_000, pollMs: 600_000 },
    });
    await seedDemoData(
      ctx.database.db,
      firebaseAuth({ firebaseProjectId: 'demo-cardealer', authEmulatorHost: emulatorHost() }),
    );
    [admin, buyer] = await Promise.all([
      registerUser(ctx.app, 'Admin'),
      registerUser(ctx.app, 'Buyer'),
    ]);
    await refresh();
    honest = await ratings();
    demoValue = (await page(DEMO_MODEL_3)).marketValue!.value;
  });
  afterAll(() => ctx.close());

  it('six new sellers with three cars each at 45 % of value move no value and no rating', async () => {
    const attackers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => registerUser(ctx.app, 'Seller', `newcomer-${i}`)),
    );
    const price = Math.round(demoValue * 0.45);
    const posted = (
      await Promise.all(attackers.map((seller, i) => postModel3s(seller, 3, price + 300 * i)))
    ).flat();
    await refresh();

    const value = (await page(DEMO_MODEL_3)).marketValue!.value;
    expect(Math.abs(value / demoValue - 1)).toBeLessThanOrEqual(0.05);
    const after = await ratings();
    for (const [id, rating] of honest) expect([id, after.get(id)]).toEqual([id, rating]);

    // The burst is in the admins' queue, every one of its cars.
    expect(await burstFlagged()).toEqual([...posted].sort());
    await ctx.database.db.execute(sql`delete from reports where reason = 'listing_burst'`);
    await deleteCars(posted);
    await refresh();
  });

  it("lets no seller's own many cars dominate a fit", async () => {
    // An established dealer (a year old) with 30 Model 3s at 45 % of value, against the demo's
    // seven: weighed as three cars, they leave the value nearer the others' than their own
    // (weighed as 30, the value would fall to about their price).
    const dealer = await registerUser(ctx.app, 'Seller', 'big-dealer');
    await ctx.database.db.execute(
      sql`update users set created_at = now() - interval '1 year' where id = ${dealer._id}`,
    );
    const posted = await postModel3s(dealer, 30, Math.round(demoValue * 0.45));
    await refresh();
    const value = (await page(DEMO_MODEL_3)).marketValue!.value;
    expect(value).toBeGreaterThan(demoValue * ((1 + 0.45) / 2));
    // Its own cars are valued by the market too, not by themselves alone.
    expect((await page(posted[0]!)).marketValue!.value).toBeGreaterThan(demoValue * 0.6);
    // An established account's like listings are no burst, nor are two new accounts'.
    const pair = await Promise.all([0, 1].map((i) => registerUser(ctx.app, 'Seller', `pair-${i}`)));
    posted.push(...(await Promise.all(pair.map((s) => postModel3s(s, 3, 17_000)))).flat());
    expect(await burstFlagged()).toEqual([]);
    await deleteCars(posted);
    await refresh();
  });

  it('counts an account fully once it is 30 days old, verified, or has sold a car', async () => {
    // Fifteen Cybertrucks from three established sellers, five from a new one: 15.25 listings'
    // worth, too few for the model's own line (20), so it is valued by Tesla's slopes ('make').
    // Once the fourth seller is established, 20: its own line ('model').
    const db = ctx.database.db;
    const postTrucks = async (seller: TestUser, n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        ids.push(
          await postProduct(ctx.app, seller, {
            carName: '2024 Tesla Cybertruck AWD',
            resalePrice: String(78_000 - 700 * i),
            model: 'Cybertruck',
            modelYear: 2024,
            mileage: 8_000 + 3_000 * i,
          }),
        );
      }
      return ids;
    };
    const basisOf = async (id: string) => (await page(id)).marketValue?.basis;
    const base = await Promise.all(
      [0, 1, 2].map((i) => registerUser(ctx.app, 'Seller', `truck-dealer-${i}`)),
    );
    await db.execute(sql`update users set created_at = now() - interval '1 year'
      where id in (${sql.join(
        base.map((s) => sql`${s._id}`),
        sql`, `,
      )})`);
    const baseCars = (await Promise.all(base.map((s) => postTrucks(s, 5)))).flat();

    const ways: [string, (seller: TestUser, cars: string[]) => Promise<void>][] = [
      [
        // It turns 30 days old just after the last refresh (no write to any car since).
        'aged',
        async (seller) => {
          await db.execute(sql`update users set created_at = (select refreshed_at
              from deal_ratios_state where id = 1) - interval '30 days' + interval '1 ms'
            where id = ${seller._id}`);
        },
      ],
      [
        // The admin's seller verification.
        'verified',
        async (seller) => {
          const put = await ctx.app.inject({
            method: 'PUT',
            url: `/api/users/verify/${seller._id}`,
            headers: admin.auth,
          });
          expect(put.statusCode).toBe(200);
        },
      ],
      [
        // A booking of its sixth car marked sold.
        'sold',
        async (seller, cars) => {
          const order = await placeOrder(ctx.app, buyer, cars[5]!);
          for (const status of ['accepted', 'sold']) {
            const patched = await ctx.app.inject({
              method: 'PATCH',
              url: `/api/orders/${order}`,
              headers: seller.auth,
              payload: { status },
            });
            expect(patched.statusCode).toBe(200);
          }
        },
      ],
    ];
    for (const [label, establish] of ways) {
      const seller = await registerUser(ctx.app, 'Seller', `truck-${label}`);
      const cars = await postTrucks(seller, label === 'sold' ? 6 : 5);
      await refresh();
      expect([label, await basisOf(baseCars[0]!)]).toEqual([label, 'make']);
      await establish(seller, cars);
      await refresh();
      expect([label, await basisOf(baseCars[0]!)]).toEqual([label, 'model']);
      await db.execute(sql`delete from orders where seller_id = ${seller._id}`);
      await deleteCars(cars);
    }
    await deleteCars(baseCars);
    await refresh();
  });
});
