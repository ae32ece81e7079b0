/**
 * The seller type's facet: GET /api/products/facets counts the cars of dealers and of private
 * sellers, every filter applied but the seller type, as the search itself counts them
 * (`sellerType=dealer` or `private`, its total): from the kept counts (no filter, or make and
 * condition only) and from the one pass over the matching cars (any other filter).
 */
import { TOTAL_EXACT_HEADER, TOTAL_HEADER } from '../platform/http/page-headers';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
} from '../../test/helper';

describe(`the seller type's facet (${databaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const [dealer, privateSeller] = await Promise.all([
      registerUser(ctx.app, 'Seller', 'facet-dealer'),
      registerUser(ctx.app, 'Seller', 'facet-private'),
    ]);
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/dealer',
      headers: dealer.auth,
      payload: { name: 'Facet Motors', address: '2 Main St', zip: '78701', phone: '5125550101' },
    });
    expect(profile.statusCode).toBe(200);
    // Three of the dealer's cars and two of the private seller's, named for this test alone.
    const cars: [typeof dealer, string, string, number][] = [
      [dealer, 'Tesla', 'Excellent', 30000],
      [dealer, 'Tesla', 'Good', 42000],
      [dealer, 'BMW', 'Good', 51000],
      [privateSeller, 'Tesla', 'Fair', 28000],
      [privateSeller, 'BMW', 'Excellent', 47000],
    ];
    for (const [seller, categoryName, condition, resalePrice] of cars) {
      await postProduct(ctx.app, seller, {
        carName: `Facettypetest ${categoryName}`,
        categoryName,
        condition,
        resalePrice,
      });
    }
  });
  afterAll(() => ctx.close());

  async function facetsOf(query: string): Promise<Record<string, number>> {
    const response = await ctx.app.inject(`/api/products/facets?${query}`);
    expect(response.statusCode).toBe(200);
    return (response.json() as { sellerType: Record<string, number> }).sellerType;
  }

  /** The search's own count of the query's cars of one seller type (exact: a small catalogue). */
  async function searched(query: string, type: 'dealer' | 'private'): Promise<number> {
    const response = await ctx.app.inject(`/api/products?${query}&sellerType=${type}&limit=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers[TOTAL_EXACT_HEADER.toLowerCase()]).not.toBe('false');
    return Number(response.headers[TOTAL_HEADER.toLowerCase()]);
  }

  /** The facet as the searches count it (a seller type without cars is left out). */
  async function reference(query: string): Promise<Record<string, number>> {
    const counts = {
      dealer: await searched(query, 'dealer'),
      private: await searched(query, 'private'),
    };
    return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
  }

  it("counts this test's cars by seller type, the chosen type left out", async () => {
    const q = 'q=Facettypetest';
    expect(await facetsOf(q)).toEqual({ dealer: 3, private: 2 });
    // Choosing a type keeps the other's count, so that it can be picked instead.
    expect(await facetsOf(`${q}&sellerType=dealer`)).toEqual({ dealer: 3, private: 2 });
    expect(await facetsOf(`${q}&category=BMW`)).toEqual({ dealer: 1, private: 1 });
    expect(await facetsOf(`${q}&condition=Good`)).toEqual({ dealer: 2 });
    expect(await facetsOf(`${q}&maxPrice=45000`)).toEqual({ dealer: 2, private: 1 });
  });

  it('counts the other facets within the chosen seller type', async () => {
    const response = await ctx.app.inject(
      '/api/products/facets?q=Facettypetest&sellerType=private',
    );
    expect(response.json().category).toEqual({ BMW: 1, Tesla: 1 });
  });

  it('counts as the search does, from the kept counts and from one pass', async () => {
    for (const query of [
      // The kept counts: no filter, or make and condition only.
      '',
      'category=Tesla',
      'category=BMW&condition=Good',
      'condition=Excellent',
      // One pass: any other filter.
      'q=Facettypetest',
      'minPrice=40000',
      'category=Tesla&maxPrice=35000',
      'verified=true',
      'zip=78701&radius=50',
    ]) {
      expect({ query, counts: await facetsOf(query) }).toEqual({
        query,
        counts: await reference(query),
      });
    }
  });
});
