import { buildTestApp, databaseKind, type TestContext } from '../../test/helper';

describe(`GET /api/categories (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('lists the four brands in the spec order, open to anyone', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((c: { categoryName: string }) => c.categoryName)).toEqual([
      'Tesla',
      'Ferrari',
      'BMW',
      'Lamborghini',
    ]);
    for (const category of body) {
      expect(Object.keys(category).sort()).toEqual(['_id', 'categoryName', 'image', 'rating']);
      expect(typeof category._id).toBe('string');
      expect(category.image).toMatch(/^\/images\/categories\/.+\.svg$/);
      expect(category.rating).toBeGreaterThan(0);
      expect(category.rating).toBeLessThanOrEqual(5);
    }
  });
});
