/** Which HTML the server answers for a page path when the web build has prerendered pages. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { buildTestApp, type TestContext } from '../../test/helper';

let ctx: TestContext;
let webRoot: string;

const files: Record<string, string> = {
  'index.html': 'prerendered home',
  'home.html': 'prerendered /home',
  'blogs.html': 'prerendered blogs',
  'shell.html': 'empty app shell',
  '404.html': 'prerendered not found',
};

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'cardealer-pages-'));
  for (const [file, text] of Object.entries(files)) writeFileSync(join(webRoot, file), text);
  // The build's Brotli copy of the home page (scripts/build.ts writes one per text file).
  writeFileSync(join(webRoot, 'index.html.br'), brotliCompressSync(files['index.html']));
  writeFileSync(
    join(webRoot, 'pages.json'),
    JSON.stringify({
      pages: { '/': 'index.html', '/home': 'home.html', '/blogs': 'blogs.html' },
      appRoutes: ['/category-products/:categoryName', '/dashboad', '/dashboad/my-orders'],
      shell: 'shell.html',
      notFound: '404.html',
    }),
  );
  ctx = await buildTestApp({ webRoot });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

it.each([
  ['/', 200, 'prerendered home'],
  ['/home', 200, 'prerendered /home'],
  ['/home/', 200, 'prerendered /home'],
  ['/BLOGS?ref=mail', 200, 'prerendered blogs'],
  ['/category-products/Tesla', 200, 'empty app shell'],
  ['/category-products/Aston%20Martin', 200, 'empty app shell'],
  ['/dashboad', 200, 'empty app shell'],
  ['/dashboad/my-orders', 200, 'empty app shell'],
  ['/category-products', 404, 'prerendered not found'],
  ['/dashboad/nothing-here', 404, 'prerendered not found'],
  ['/no/such/page', 404, 'prerendered not found'],
])('GET %s answers %i with the %s page', async (url, status, body) => {
  const response = await page(url);
  expect(response.statusCode).toBe(status);
  expect(response.body).toBe(body);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
});

it('answers JSON, not a page, to a caller that does not ask for HTML', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ message: 'Not found: GET /no/such/page' });
});

it('sends the Brotli copy to a browser that accepts it, and says the answer varies by encoding', async () => {
  const compressed = await ctx.app.inject({
    method: 'GET',
    url: '/',
    headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
  });
  expect(compressed.statusCode).toBe(200);
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers.vary).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('prerendered home');

  const plain = await page('/');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe('prerendered home');
});
