/**
 * The search's seller type: `sellerType=dealer` lists the cars of sellers with a dealer profile,
 * `private` the others', with every other filter, page by page; each car (a category's too) says
 * which its seller is; the facets count the same cars;
 * any other value is a 400; a saved search keeps it.
 */
import { NEXT_CURSOR_HEADER, TOTAL_HEADER } from '../platform/http/page-headers';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

describe(`search by seller type (${databaseKind})`, () => {
  let ctx: TestContext;
  let dealer: TestUser, privateSeller: TestUser, buyer: TestUser;
  const dealerCars: string[] = [];
  const privateCars: string[] = [];

  beforeAll(async () => {
    ctx = await buildTestApp();
    [dealer, privateSeller, buyer] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'type-dealer'),
      registerUser(ctx.app, 'Seller', 'type-private'),
      registerUser(ctx.app, 'Buyer', 'type-buyer'),
    ]);
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/dealer',
      headers: dealer.auth,
      payload: { name: 'Type Motors', address: '1 Main St', zip: '78701', phone: '5125550100' },
    });
    expect(profile.statusCode).toBe(200);
    // Cars named for this test alone (q), a BMW among each seller's.
    for (const [seller, ids] of [
      [dealer, dealerCars],
      [privateSeller, privateCars],
    ] as const) {
      for (const categoryName of ['Tesla', 'Tesla', 'BMW']) {
        const carName = `Sellertypetest ${categoryName}`;
        ids.push(await postProduct(ctx.app, seller, { carName, categoryName }));
      }
    }
  });
  afterAll(() => ctx.close());

  /** Every car a query lists, walking its pages one car at a time; and its first total. */
  async function listed(query: string): Promise<{ ids: string[]; total: number }> {
    const ids: string[] = [];
    let cursor: string | undefined;
    let total = -1;
    do {
      const page = await ctx.app.inject(
        `/api/products?q=Sellertypetest&${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      if (total < 0) total = Number(page.headers[TOTAL_HEADER.toLowerCase()]);
      ids.push(...(page.json() as { _id: string }[]).map((car) => car._id));
      cursor = page.headers[NEXT_CURSOR_HEADER.toLowerCase()] as string | undefined;
    } while (cursor);
    return { ids: ids.sort(), total };
  }

  it("lists only dealers' cars, or only private sellers', page by page", async () => {
    expect(await listed('sellerType=dealer')).toEqual({ ids: [...dealerCars].sort(), total: 3 });
    expect(await listed('sellerType=private')).toEqual({
      ids: [...privateCars].sort(),
      total: 3,
    });
    expect((await listed('sellerType=dealer&category=BMW')).ids).toEqual([dealerCars[2]]);
    expect((await listed('')).ids).toHaveLength(6);
  });

  it('says on each car whether its seller is a dealer', async () => {
    const cars = (await ctx.app.inject('/api/products?q=Sellertypetest&limit=10')).json() as {
      _id: string;
      sellerType: string;
    }[];
    for (const car of cars) {
      expect(car.sellerType).toBe(dealerCars.includes(car._id) ? 'dealer' : 'private');
    }
  });

  it("says on a category's cars whether their seller is a dealer, as the search's do", async () => {
    const cars = (await ctx.app.inject('/api/category-products/Tesla?limit=100')).json() as {
      _id: string;
      sellerType: string;
    }[];
    const ours = cars.filter((car) => [...dealerCars, ...privateCars].includes(car._id));
    expect(ours).toHaveLength(4);
    for (const car of ours) {
      expect(car.sellerType).toBe(dealerCars.includes(car._id) ? 'dealer' : 'private');
    }
  });

  it('counts the facets of the chosen seller type', async () => {
    const facets = (
      await ctx.app.inject('/api/products/facets?q=Sellertypetest&sellerType=dealer')
    ).json();
    expect(facets.category).toEqual({ BMW: 1, Tesla: 2 });
  });

  it('refuses any other seller type, naming the parameter', async () => {
    for (const url of [
      '/api/products?sellerType=trader',
      '/api/products?sellerType=',
      '/api/products/facets?sellerType=DEALER',
    ]) {
      const response = await ctx.app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^sellerType: /);
    }
  });

  it('keeps the seller type in a saved search, and refuses a bad one', async () => {
    const save = (query: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/saved-searches',
        headers: buyer.auth,
        payload: { query },
      });
    const saved = await save('sellerType=dealer&category=bmw');
    expect(saved.statusCode).toBe(201);
    expect(saved.json().query).toBe('category=BMW&sellerType=dealer');
    const bad = await save('sellerType=trader');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^sellerType: /);
  });
});
