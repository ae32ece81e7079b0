/**
 * What an operator reads of the requests: every answer carries its `X-Request-Id` (a caller's own
 * only from a trusted proxy), the JSON log lines carry it and the caller's account id and never
 * an e-mail or a token, and GET /metrics counts the requests by route pattern (never the URL)
 * and status, beside the queues' gauges.
 */
import { addOperatorMetrics } from '../../ops-metrics';
import {
  buildReplica,
  buildTestApp,
  databaseKind,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../../test/helper';
import { METRICS_CONTENT_TYPE, startMetricsServer } from './metrics-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(`request ids, logs and metrics (${databaseKind})`, () => {
  let ctx: TestContext;
  let seller: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await buildTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    seller = await registerUser(ctx.app, 'Seller');
  });
  afterAll(() => ctx.close());

  it('answers every request, found or not, allowed or not, with its own X-Request-Id', async () => {
    const answers = await Promise.all(
      ['/api/health', '/api/health/live', '/api/no-such-thing', '/api/events'].map((url) =>
        ctx.app.inject({ method: 'GET', url, headers: { 'x-request-id': 'chosen-by-caller' } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 401]);
    const ids = answers.map((answer) => String(answer.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("keeps a trusted proxy's request id when it is a sound one", async () => {
    const replica = await buildReplica(ctx, { trustProxy: true });
    try {
      await replica.app.ready();
      const passed = await replica.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': 'edge-42.a' },
      });
      expect(passed.headers['x-request-id']).toBe('edge-42.a');
      const odd = await replica.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': 'two words\u00e9' },
      });
      expect(String(odd.headers['x-request-id'])).toMatch(UUID);
    } finally {
      await replica.close();
    }
  });

  it('logs JSON lines with the request id and the account id, never an e-mail or a token', async () => {
    lines.length = 0;
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/seller-products/${encodeURIComponent(seller.email)}`,
      headers: seller.auth,
    });
    expect(mine.statusCode).toBe(200);
    const unsubscribe = await ctx.app.inject({
      method: 'GET',
      url: `/api/unsubscribe?token=${seller.accessToken}`,
    });
    expect(unsubscribe.statusCode).toBeLessThan(500);

    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofMine = logged.filter((line) => line.reqId === mine.headers['x-request-id']);
    expect(ofMine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofMine[1].accountId).toBe(seller._id);
    const text = lines.join('');
    for (const secret of [seller.email, encodeURIComponent(seller.email), seller.accessToken]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(seller.idToken);
    expect(text).toContain('/api/seller-products/hidden');
    expect(text).toContain('/api/unsubscribe?token=hidden');
  });

  it('counts requests by route pattern and status on the metrics port', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/seller-products/someone%40example.com' });
    addOperatorMetrics(ctx.app, ctx.database);
    const server = await startMetricsServer('127.0.0.1', 0, () => ctx.app.metrics.render());
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(METRICS_CONTENT_TYPE);
      const text = await response.text();
      const samples = new Map(
        text
          .split('\n')
          .filter((line) => line && !line.startsWith('#'))
          .map((line) => {
            const at = line.lastIndexOf(' ');
            return [line.slice(0, at), Number(line.slice(at + 1))] as const;
          }),
      );
      const route = 'route="/api/seller-products/:email"';
      expect(samples.get(`cardealer_http_requests_total{method="GET",${route},status="200"}`)).toBe(
        1,
      );
      expect(samples.get(`cardealer_http_requests_total{method="GET",${route},status="401"}`)).toBe(
        1,
      );
      expect(
        samples.get(`cardealer_http_request_duration_seconds_count{method="GET",${route}}`),
      ).toBe(2);
      expect(text).not.toMatch(/example\.com|test\.cardealer\.dev/);
      for (const gauge of ['cardealer_outbox_pending', 'cardealer_outbox_oldest_due_seconds']) {
        expect(samples.get(gauge)).toBeGreaterThanOrEqual(0);
      }
      expect(samples.get('cardealer_alert_queue{what="depth"}')).toBeGreaterThanOrEqual(0);
      expect(samples.get('cardealer_live_streams')).toBe(0);
      expect(text).not.toContain('cardealer_scrape_failures{');
      if (databaseKind === 'postgres')
        expect(samples.get('cardealer_db_pool{state="max"}')).toBe(10);
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
