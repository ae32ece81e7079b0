/**
 * Security headers on every answer (helmet, the web app's Content-Security-Policy, the relaxed
 * one of Swagger UI).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { loadServerConfig } from '../../config';
import { cspDirectives } from './security-headers';
import {
  buildTestApp,
  databaseKind,
  TEST_IMAGE_KEY,
  uploaderAuth,
  type TestContext,
} from '../../../test/helper';

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe(`security headers (${databaseKind})`, () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'cardealer-web-'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    ctx = await buildTestApp({ webRoot });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each([
    ['the web app', 'GET', '/some/page', { accept: 'text/html' }, 200],
    ['the web app itself', 'GET', '/index.html', {}, 200],
    ['an unknown path outside the API', 'GET', '/nope.txt', {}, 404],
    ['the image host', 'GET', `/image-host/i/${'0'.repeat(64)}.png`, {}, 404],
  ] as const)(
    "are on %s, with the web app's policy",
    async (_label, method, url, headers, status) => {
      const response = await ctx.app.inject({ method, url, headers });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'strict-transport-security': expect.stringContaining('max-age='),
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'x-dns-prefetch-control': 'off',
      });
      expect(response.headers['x-powered-by']).toBeUndefined();
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      // Demo mode is plain http on any address of the machine: nothing is upgraded.
      expect(csp['upgrade-insecure-requests']).toBeUndefined();
    },
  );

  it.each([
    ['an API read', 'GET', '/api/categories', {}, 200],
    ['a paged API read', 'GET', '/api/category-products/BMW?limit=2', {}, 200],
    ['an API refusal', 'GET', '/api/orders?email=a@b.co', {}, 401],
    ['a refused write', 'POST', '/api/orders', { 'content-type': 'text/plain' }, 401],
    ['an unknown API path', 'GET', '/api/nope', {}, 404],
  ] as const)(
    'are on %s: the ones that matter for JSON, with a policy that allows nothing',
    async (_label, method, url, headers, status) => {
      const response = await ctx.app.inject({
        method,
        url,
        headers,
        ...(method === 'POST' ? { payload: 'x' } : {}),
      });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({
        'content-security-policy': "default-src 'none';frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': expect.stringContaining('max-age='),
      });
      // Document-only headers are left off a JSON answer.
      for (const name of [
        'cross-origin-opener-policy',
        'referrer-policy',
        'x-dns-prefetch-control',
      ]) {
        expect(response.headers[name]).toBeUndefined();
      }
      expect(response.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('let stored pictures be shown by a web app on another origin', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const boundary = 'b';
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/image-host/1/upload?key=${TEST_IMAGE_KEY}`,
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...uploaderAuth(ctx.app),
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.headers['cross-origin-resource-policy']).toBe('same-origin');
    const served = await ctx.app.inject({ url: uploaded.json().data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('give Swagger UI (its routes only) a policy of its own that still forbids inline script', async () => {
    for (const url of [
      '/api/docs/static/index.html',
      '/api/docs/json',
      '/api/docs/',
      '/api/docs',
      '/api/docs?lang=en',
      '/api/docs/json?v=2',
    ]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode).toBeLessThan(400);
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toContain("'unsafe-inline'");
      expect(csp['frame-ancestors']).toEqual(["'self'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('allow hosted Firebase in production mode, from the same variables the web build reads', () => {
    const config = loadServerConfig({
      APP_MODE: 'production',
      DATA_DIR: ctx.imageDir,
      ACCESS_TOKEN_SECRET: 'x'.repeat(40),
      FIREBASE_AUTH_DOMAIN: 'my-cars.firebaseapp.com',
      IMAGE_HOST_URL: 'https://api.imgbb.com/1/upload',
      CSP_CONNECT_SRC: 'https://metrics.example.com',
    });
    const csp = cspDirectives(config.contentSecurityPolicy);
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      'https://api.imgbb.com',
      'https://metrics.example.com',
    ]);
    expect(csp['script-src']).toEqual(["'self'", 'https://apis.google.com']);
    expect(csp['frame-src']).toEqual(['https://my-cars.firebaseapp.com']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(() =>
      loadServerConfig({ DATA_DIR: ctx.imageDir, CSP_CONNECT_SRC: "'unsafe-eval'" }),
    ).toThrow(/CSP_CONNECT_SRC/);
  });
});
