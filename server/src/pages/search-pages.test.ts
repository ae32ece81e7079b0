/**
 * The search page in the HTML: `/cars?…` answered with the web app's own page rendered with its
 * first page of cars (src/renderSearchPage.tsx in a worker), from the same search the API
 * answers, and the app's starting state beside it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { repoRoot } from '../platform/paths';
import { MAX_RENDERS_WAITING, SearchPageRenderer } from './search-pages';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
} from '../../test/helper';

const ORIGIN = 'https://cars.example.com';

describe(`the search page rendered with its cars (${databaseKind})`, () => {
  let ctx: TestContext;
  let webRoot: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'cardealer-search-pages-'));
    // The real page template, as the build copies it (server-page.html also gets the boot script).
    const template = readFileSync(join(repoRoot, 'public', 'index.html'), 'utf8');
    for (const file of ['index.html', 'shell.html', 'server-page.html']) {
      writeFileSync(join(webRoot, file), template);
    }
    writeFileSync(join(webRoot, '404.html'), 'prerendered not found');
    writeFileSync(
      join(webRoot, 'pages.json'),
      JSON.stringify({
        pages: {},
        appRoutes: [],
        shell: 'shell.html',
        notFound: '404.html',
        serverPage: 'server-page.html',
      }),
    );
    ctx = await buildTestApp({ webRoot, publicOrigin: ORIGIN });
    const seller = await registerUser(ctx.app, 'Seller');
    const cars: [string, string, string, string][] = [
      ['f8', 'Ferrari F8 <Tributo>', 'Ferrari', '215000'],
      ['roma', 'Ferrari Roma', 'Ferrari', '189500'],
      ['m3', 'BMW M3 Competition', 'BMW', '72000'],
      ['model3', 'Tesla Model 3', 'Tesla', '31000'],
    ];
    for (const [key, carName, categoryName, resalePrice] of cars) {
      ids[key] = await postProduct(ctx.app, seller, { carName, categoryName, resalePrice });
    }
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  /** The cars' names in the order the page lists them (each card's heading link). */
  const listed = (html: string) =>
    [...html.matchAll(/<h3[^>]*><a [^>]*href="\/cars\/([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(
      (m) => [m[1], m[2]] as const,
    );

  function appState(html: string) {
    const match = /<script type="application\/json" id="app-state">([^<]*)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]!) as {
      preloadedState: { api: { queries: Record<string, { status: string; data?: unknown }> } };
    };
  }

  it('answers /cars with every car for sale in the HTML, its head and the app state', async () => {
    const response = await page('/cars');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    // Headers as a car's page has them: revalidated each time, the security headers.
    expect(response.headers['cache-control']).toBe('no-cache');
    const carPage = await page(`/cars/${ids.m3}`);
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy']) {
      expect(response.headers[name]).toBeDefined();
      expect(response.headers[name]).toBe(carPage.headers[name]);
    }
    const html = response.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Cars for sale</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/cars" />`);
    expect(html).toMatch(/<meta name="description" content="4 cars for sale on CarDealer/);
    expect(html).toContain('<h1');
    expect(html).toContain('Find the right car');
    expect(html).toMatch(/role="status"[^>]*>4 cars</);
    // Newest first: every car, its link, name (escaped) and price.
    expect(listed(html)).toEqual([
      [ids.model3, 'Tesla Model 3'],
      [ids.m3, 'BMW M3 Competition'],
      [ids.roma, 'Ferrari Roma'],
      [ids.f8, 'Ferrari F8 &lt;Tributo&gt;'],
    ]);
    for (const price of ['$215,000', '$189,500', '$72,000', '$31,000'])
      expect(html).toContain(price);
    // The filter panel with its facet counts, and the styles the markup uses.
    expect(html).toMatch(/name="category" value="Ferrari"/);
    expect(html).toMatch(/<style data-emotion="css [\w- ]+">/);
    // The app's cache: the cars' page and the facets, as the browser would have asked them.
    const { queries } = appState(html).preloadedState.api;
    expect(Object.keys(queries).sort()).toEqual([
      'getSearchFacets({})',
      'searchProductPages({"start":null})',
    ]);
    for (const entry of Object.values(queries)) expect(entry.status).toBe('fulfilled');
    // Nothing but data inside a script element: the car's name cannot end it.
    expect(html).not.toMatch(/<script>|<Tributo>/);
  });

  it('renders the filters in the URL: category and sort, words, a price range', async () => {
    const ferraris = await page('/cars?category=Ferrari&sort=price_asc');
    expect(ferraris.statusCode).toBe(200);
    expect(listed(ferraris.body)).toEqual([
      [ids.roma, 'Ferrari Roma'],
      [ids.f8, 'Ferrari F8 &lt;Tributo&gt;'],
    ]);
    expect(ferraris.body).toContain(
      `<link rel="canonical" href="${ORIGIN}/cars?category=Ferrari&amp;sort=price_asc" />`,
    );
    // The box of the chosen category is ticked in the HTML.
    expect(ferraris.body).toMatch(/<input [^>]*checked="" value="Ferrari"/);
    expect(ferraris.body).not.toMatch(/<input [^>]*checked="" value="BMW"/);

    const words = await page('/cars?q=tesla');
    expect(listed(words.body)).toEqual([[ids.model3, 'Tesla Model 3']]);
    expect(words.body).toContain('<title>tesla – cars for sale</title>');
    expect(words.body).toMatch(/content="1 car for sale matching “tesla” on CarDealer/);

    const range = await page('/cars?minPrice=50000&maxPrice=200000&sort=price_desc');
    expect(listed(range.body).map(([id]) => id)).toEqual([ids.roma, ids.m3]);
    expect(range.body).toMatch(/role="status"[^>]*>2 cars</);

    const none = await page('/cars?q=lamborghini');
    expect(listed(none.body)).toEqual([]);
    expect(none.body).toContain('No cars match');
  });

  it('answers a search the API refuses with the page and its message, never a 500', async () => {
    for (const url of [
      '/cars?category=Nope',
      '/cars?minPrice=90000&maxPrice=1000',
      '/cars?minYears=9&maxYears=2',
    ]) {
      const response = await page(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      // React separates the message's pieces of text with comments.
      expect(response.body.replaceAll('<!-- -->', '')).toContain('We could not load the cars');
      expect(listed(response.body)).toEqual([]);
    }
    // A value the page leaves out (as the browser does) is no error: every car.
    const odd = await page('/cars?minPrice=abc&sort=cheapest&cursor=%3Cx%3E&verified=maybe');
    expect(odd.statusCode).toBe(200);
    expect(listed(odd.body)).toHaveLength(4);
  });

  it('keeps what is typed in the address as text: no markup, no script', async () => {
    const words = '"></title><script>alert(1)</script><img src=x onerror=alert(2)>';
    const response = await page(`/cars?q=${encodeURIComponent(words)}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toMatch(/<script>alert|<img src=x|<\/title><script/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The app's state holds the words as they were typed.
    const { queries } = appState(html).preloadedState.api;
    expect(Object.keys(queries)).toContain(`getSearchFacets(${JSON.stringify({ q: words })})`);
  });

  it('answers a flood of distinct searches with pages, never an error', async () => {
    const count = MAX_RENDERS_WAITING * 2 + 4;
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) => page(`/cars?minPrice=${i + 1}&q=flood`)),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
    // Past the renders that may wait, the app shell (drawn in the browser) at once.
    const rendered = responses.filter((response) => response.body.includes('id="app-state"'));
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(count);
  });

  it("answers the renderer's API calls for the search only", async () => {
    const renderer = new SearchPageRenderer(ctx.app);
    const search = await renderer.apiCall('/api/products?limit=1');
    expect(search.status).toBe(200);
    expect(search.headers).toMatchObject({ 'x-total-count': '4' });
    expect((await renderer.apiCall('/api/products/facets')).status).toBe(200);
    for (const path of [
      '/api/users',
      '/api/jwt?email=admin@cardealer.dev',
      `/api/products/${ids.m3}`,
      '/api/products/../users',
      '/api/productsx',
      '/image-host/1/upload',
    ]) {
      expect({ path, status: (await renderer.apiCall(path)).status }).toEqual({
        path,
        status: 404,
      });
    }
    await renderer.close();
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const plain = await page('/cars?category=BMW');
    const response = await page('/cars?category=BMW', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect(listed(html)).toEqual([[ids.m3, 'BMW M3 Competition']]);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });
});
