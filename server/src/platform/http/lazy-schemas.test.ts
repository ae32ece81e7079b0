import { buildTestApp, databaseKind, type TestContext } from '../../../test/helper';

describe(`route schemas compiled on first use (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  it('checks a query on the first request that sends one, with the 400 naming the parameter', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/products?limit=abc' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^limit: /);
  });

  it('compiles every route schema: none of them is broken', () => {
    const compiled = ctx.app.compileSchemas();
    // Every API route has a response schema at least; left before, they are compiled now.
    expect(compiled).toBeGreaterThan(ctx.app.registeredRoutes.length);
    expect(ctx.app.compileSchemas()).toBe(0);
  });

  it('answers as before once compiled', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/categories' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ categoryName: 'Tesla' })]),
    );
  });
});
