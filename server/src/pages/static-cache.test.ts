/** Cache headers of the files the API server serves from the built web app (WEB_ROOT). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildTestApp, type TestContext } from '../../test/helper';

let ctx: TestContext;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'cardealer-web-'));
  mkdirSync(join(webRoot, 'images', 'cars'), { recursive: true });
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>CarDealer</title>');
  writeFileSync(
    join(webRoot, 'images', 'cars', 'car-01.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  writeFileSync(join(webRoot, 'main.0123456789abcdef.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'main.0123456789abcdef.js.map'), '{"sources":["src/secret.ts"]}');
  writeFileSync(join(webRoot, 'main.0123456789abcdef.js.map.gz'), gzipSync('{"sources":[]}'));
  // Production mode: no source maps.
  ctx = await buildTestApp({ webRoot, serveSourceMaps: false });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

it.each([
  ['/images/cars/car-01.svg', 'public, max-age=86400, stale-while-revalidate=604800'],
  ['/main.0123456789abcdef.js', 'public, max-age=31536000, immutable'],
])('serves %s with cache-control %s', async (url, cacheControl) => {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe(cacheControl);
});

it('revalidates a demo picture by its ETag (304)', async () => {
  const first = await ctx.app.inject({ method: 'GET', url: '/images/cars/car-01.svg' });
  const again = await ctx.app.inject({
    method: 'GET',
    url: '/images/cars/car-01.svg',
    headers: { 'if-none-match': first.headers.etag as string },
  });
  expect(again.statusCode).toBe(304);
});

it('keeps the source maps (every source file) private outside demo mode', async () => {
  const hidden = await ctx.app.inject({
    method: 'GET',
    url: '/main.0123456789abcdef.js.map',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(hidden.statusCode).toBe(404);
  expect(hidden.body).not.toContain('secret.ts');
  const compressed = await ctx.app.inject({
    method: 'GET',
    url: '/main.0123456789abcdef.js.map.gz',
  });
  expect(compressed.statusCode).toBe(404);
  const demo = await buildTestApp({ webRoot, serveSourceMaps: true });
  const shown = await demo.app.inject({ method: 'GET', url: '/main.0123456789abcdef.js.map' });
  expect(shown.statusCode).toBe(200);
  expect(shown.body).toContain('secret.ts');
  await demo.close();
});
