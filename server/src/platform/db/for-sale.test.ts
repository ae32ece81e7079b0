/**
 * The for-sale condition: a hidden car is out of sale the way a sold car is, in every
 * list, count and answer, and back in them when it is no longer hidden. Hidden by a moderator
 * through the API, and by the database itself as any writer (a suspension, a pending approval)
 * hides one.
 */
import { sql } from 'drizzle-orm';
import {
  buildTestApp,
  getAs,
  placeOrder,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../../test/helper';

let ctx: TestContext, seller: TestUser, other: TestUser, buyer: TestUser, admin: TestUser;
let hiddenCar: string, shownCar: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  [seller, other, buyer, admin] = await Promise.all([
    registerUser(ctx.app, 'Seller'),
    registerUser(ctx.app, 'Seller', 'other'),
    registerUser(ctx.app, 'Buyer'),
    registerUser(ctx.app, 'Admin'),
  ]);
  const vehicle = { model: 'Model 3', fuel: 'Electric', modelYear: 2021 };
  hiddenCar = await postProduct(ctx.app, seller, { carName: 'Tesla Zebra', ...vehicle });
  shownCar = await postProduct(ctx.app, seller, { carName: 'Tesla Quiet', ...vehicle });
  for (const id of [hiddenCar, shownCar]) {
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/seller-products/${id}`,
      headers: seller.auth,
    });
  }
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

async function setHidden(id: string, hidden: 'moderation' | 'pending' | null, reason?: string) {
  await ctx.database.db.execute(sql`update products set hidden = ${hidden},
    hidden_reason = ${reason ?? null}, hidden_at = case when ${hidden}::text is null then null
    else now() end where id = ${id}`);
  ctx.app.catalogueCache.invalidate();
}

/** What a buyer can find of the seller's two cars, everywhere the catalogue lists cars. */
async function everywhere() {
  const search = await get('/api/products?category=Tesla');
  const text = await get('/api/products?q=zebra');
  const category = await get('/api/category-products/Tesla?limit=10');
  const facets = (await get('/api/products/facets?category=Tesla')).json();
  const advertised = (await get('/api/advertisment')).json() as { _id: string }[];
  const sitemap = (await get('/sitemaps/cars-1.xml')).body;
  const vehicleCounts = (await ctx.database.db.execute(
    sql`select coalesce(sum(n), 0)::int as n from vehicle_counts where category_name = 'Tesla'`,
  )) as unknown as { rows: { n: number }[] };
  return {
    search: (search.json() as { _id: string }[]).map((c) => c._id).sort(),
    searchTotal: search.headers['x-total-count'],
    text: (text.json() as { _id: string }[]).map((c) => c._id),
    category: (category.json() as { _id: string }[]).map((c) => c._id).sort(),
    categoryTotal: category.headers['x-total-count'],
    facetCount: facets.category.Tesla as number,
    advertised: advertised.map((c) => c._id).sort(),
    inSitemap: sitemap.includes(`/cars/${hiddenCar}<`),
    vehicleCount: vehicleCounts.rows[0]!.n,
  };
}

describe('a hidden car', () => {
  it('leaves search, categories, counts, facets, advertisements and the sitemap, and comes back', async () => {
    const both = [hiddenCar, shownCar].sort();
    const before = await everywhere();
    expect(before).toMatchObject({
      search: both,
      searchTotal: '2',
      text: [hiddenCar],
      category: both,
      categoryTotal: '2',
      advertised: both,
      inSitemap: true,
      vehicleCount: 2,
    });
    const facetsBefore = before.facetCount;

    // Through the moderators' API, as a catalogue write: the next read anywhere shows it.
    const moderate = (action: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/admin/products/${hiddenCar}/${action}`,
        headers: admin.auth,
        payload: { reason: 'Offensive photos' },
      });
    expect((await moderate('hide')).statusCode).toBe(200);
    const hidden = await everywhere();
    expect(hidden).toMatchObject({
      search: [shownCar],
      searchTotal: '1',
      text: [],
      category: [shownCar],
      categoryTotal: '1',
      advertised: [shownCar],
      inSitemap: false,
      vehicleCount: 1,
    });
    expect(hidden.facetCount).toBe(facetsBefore - 1);

    expect((await moderate('restore')).statusCode).toBe(200);
    expect(await everywhere()).toEqual(before);
  });

  it("answers 410 'This listing was removed' to all but its owner and the admins", async () => {
    await setHidden(hiddenCar, 'moderation', 'Offensive photos');
    for (const caller of [undefined, buyer, other]) {
      const response = caller
        ? await getAs(ctx.app, caller, `/api/products/${hiddenCar}`)
        : await get(`/api/products/${hiddenCar}`);
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe('This listing was removed');
    }
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/api/products/${hiddenCar}`,
      headers: { authorization: 'bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(410);
    for (const caller of [seller, admin]) {
      const response = await getAs(ctx.app, caller, `/api/products/${hiddenCar}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.json()).toMatchObject({
        _id: hiddenCar,
        fairPrice: null,
        marketValue: null,
        moderation: { state: 'hidden', reason: 'Offensive photos', reviewAsked: false },
      });
    }
    // A car for sale has no moderation, whoever asks.
    expect((await getAs(ctx.app, seller, `/api/products/${shownCar}`)).json()).not.toHaveProperty(
      'moderation',
    );
    await setHidden(hiddenCar, null);
    expect((await get(`/api/products/${hiddenCar}`)).statusCode).toBe(200);
  });

  it("is in its owner's list with its moderation, may be edited, and cannot be booked", async () => {
    await setHidden(hiddenCar, 'pending');
    const mine = (await getAs(ctx.app, seller, `/api/seller-products/${seller.email}`)).json();
    const listed = mine.find((c: { _id: string }) => c._id === hiddenCar);
    expect(listed.moderation).toEqual({ state: 'pending', reason: '', reviewAsked: false });
    expect(mine.find((c: { _id: string }) => c._id === shownCar)).not.toHaveProperty('moderation');

    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${hiddenCar}`,
      headers: seller.auth,
      payload: { carName: 'Tesla Zebra, photos fixed' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      carName: 'Tesla Zebra, photos fixed',
      moderation: { state: 'pending' },
    });
    // Edited while hidden: still out of search.
    expect((await get('/api/products?q=zebra')).json()).toEqual([]);

    const booking = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: {
        buyerName: 'B',
        phone: '5551234567',
        meetLocation: 'Main St',
        productID: hiddenCar,
      },
    });
    expect(booking.statusCode).toBe(409);
    expect(booking.json().message).toBe('This listing was removed');
    const advertise = await ctx.app.inject({
      method: 'PUT',
      url: `/api/seller-products/${hiddenCar}`,
      headers: seller.auth,
    });
    expect(advertise.json().modifiedCount).toBe(0);

    await setHidden(hiddenCar, null);
    expect(await placeOrder(ctx.app, buyer, hiddenCar)).toEqual(expect.any(String));
  });

  it("is gone from a buyer's saved cars while hidden, not sold", async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/saved-cars/${shownCar}`,
      headers: buyer.auth,
    });
    const saved = async () =>
      (
        (await getAs(ctx.app, buyer, '/api/saved-cars')).json() as {
          productId: string;
          status: string;
          price: number | null;
        }[]
      ).find((c) => c.productId === shownCar);
    expect((await saved())?.status).toBe('listed');
    await setHidden(shownCar, 'moderation', 'Scam');
    expect(await saved()).toMatchObject({ status: 'gone', price: null });
    await setHidden(shownCar, null);
    expect((await saved())?.status).toBe('listed');
  });
});
