import { buildTestApp, databaseKind, type TestContext } from '../../../test/helper';

describe(`GET /api/health (${databaseKind})`, () => {
  let ctx: TestContext;
  afterEach(() => ctx.close());

  it('answers ok when every readiness check passes', async () => {
    ctx = await buildTestApp({ readinessChecks: [async () => null] });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with the reason while something is not reachable', async () => {
    ctx = await buildTestApp({
      readinessChecks: [async () => null, async () => 'the sign-in emulator is not reachable'],
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      message: 'the sign-in emulator is not reachable',
    });
  });

  it('answers live while the process answers, and ready only when every check passes', async () => {
    ctx = await buildTestApp({ readinessChecks: [async () => 'the database is not reachable'] });
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      message: 'the database is not reachable',
    });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    ctx = await buildTestApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such call: GET /api/no-such-thing' });
  });
});
