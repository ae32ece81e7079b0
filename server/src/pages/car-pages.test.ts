/** A car's page in the HTML (the shell with the car filled in), the sitemap and robots.txt. */
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../platform/db/ids';
import { products } from '../platform/db/schema';
import { repoRoot } from '../platform/paths';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const ORIGIN = 'https://cars.example.com';

describe(`car pages and the sitemap (${databaseKind})`, () => {
  let ctx: TestContext;
  let webRoot: string;
  let seller: TestUser;
  let carId: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'cardealer-car-pages-'));
    // The real page template, as the build copies it to shell.html.
    const template = readFileSync(join(repoRoot, 'public', 'index.html'), 'utf8');
    writeFileSync(join(webRoot, 'index.html'), template);
    writeFileSync(join(webRoot, 'shell.html'), template);
    writeFileSync(join(webRoot, '404.html'), 'prerendered not found');
    writeFileSync(
      join(webRoot, 'pages.json'),
      JSON.stringify({ pages: {}, appRoutes: [], shell: 'shell.html', notFound: '404.html' }),
    );
    ctx = await buildTestApp({ webRoot, publicOrigin: ORIGIN, sitemapUrlsPerFile: 8 });
    seller = await registerUser(ctx.app, 'Seller');
    carId = await postProduct(ctx.app, seller, {
      carName: 'Ferrari <F8> "Tributo"',
      categoryName: 'Ferrari',
      resalePrice: '215000',
      productLocation: 'Miami, FL',
      productDescription: 'Red </script><script>alert(1)</script> & fast.',
      carPhoto: '/image-host/i/cover.png',
      photos: ['/image-host/i/cover.png', '/image-host/i/side.png'],
    });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  function jsonLd(html: string): Record<string, unknown> {
    const match = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]!) as Record<string, unknown>;
  }

  it('answers the shell with the car in its title, meta tags, JSON-LD and first paint', async () => {
    const response = await page(`/cars/${carId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain(
      '<title>Ferrari &lt;F8&gt; &quot;Tributo&quot; – $215,000 | CarDealer</title>',
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toMatch(/<meta name="description" content="Ferrari &lt;F8&gt; [^"]*Miami, FL/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/cars/${carId}" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/cars/${carId}" />`);
    expect(html).toContain(
      `<meta property="og:image" content="${ORIGIN}/image-host/i/cover.png" />`,
    );
    expect(html).toMatch(/<meta property="og:title" content="Ferrari &lt;F8&gt;/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"/);
    // The description's markup stays text: one script element only, the JSON-LD.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: 'Ferrari <F8> "Tributo"',
      image: [`${ORIGIN}/image-host/i/cover.png`, `${ORIGIN}/image-host/i/side.png`],
      description: 'Red </script><script>alert(1)</script> & fast.',
      brand: { '@type': 'Brand', name: 'Ferrari' },
      itemCondition: 'https://schema.org/UsedCondition',
      url: `${ORIGIN}/cars/${carId}`,
      offers: {
        '@type': 'Offer',
        price: 215000,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: `${ORIGIN}/cars/${carId}`,
      },
    });
    const root = /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? '';
    expect(root).toContain('data-server-preview');
    expect(root).toContain('<h1>Ferrari &lt;F8&gt; &quot;Tributo&quot;</h1>');
    expect(root).toContain('$215,000 · Miami, FL');
    // A path, not PUBLIC_ORIGIN's address: the page may be asked at another (127.0.0.1 for
    // localhost), where the content security policy would block an absolute URL.
    expect(root).toContain('<img src="/image-host/i/cover.png"');
  });

  it('says a sold car is sold out', async () => {
    const id = await postProduct(ctx.app, seller, { carName: 'Sold BMW', categoryName: 'BMW' });
    await ctx.database.db.update(products).set({ soldAt: new Date() }).where(eq(products._id, id));
    const html = (await page(`/cars/${id}`)).body;
    expect((jsonLd(html).offers as { availability: string }).availability).toBe(
      'https://schema.org/SoldOut',
    );
    expect(html).toContain('· Sold ·');
  });

  it("answers a hidden car's page 410 'This listing was removed', out of search engines", async () => {
    const id = await postProduct(ctx.app, seller, { carName: 'Hidden BMW', categoryName: 'BMW' });
    await ctx.database.db
      .update(products)
      .set({ hidden: 'moderation', hiddenReason: 'Spam' })
      .where(eq(products._id, id));
    ctx.app.catalogueCache.invalidate();
    const response = await page(`/cars/${id}`);
    expect(response.statusCode).toBe(410);
    expect(response.body).toContain('<title>This listing was removed | CarDealer</title>');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).toContain('<h1>This listing was removed</h1>');
    // Nothing of the car: not its name, not its JSON-LD.
    expect(response.body).not.toContain('Hidden BMW');
    expect(response.body).not.toContain('application/ld+json');
    expect((await page('/sitemaps/cars-1.xml')).body).not.toContain(id);
  });

  it('answers the not-found page with 404 for an unknown car', async () => {
    for (const url of [`/cars/${newId()}`, '/cars/no%20such']) {
      const response = await page(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe('prerendered not found');
    }
  });

  it('answers the car search with the app shell even before the web build lists it', async () => {
    const response = await page('/cars');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('lists robots.txt with the absolute sitemap address', async () => {
    const response = await ctx.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('lists every page and car for sale across sitemap files of at most the limit', async () => {
    // 8 addresses a file here (50,000 in production): home, 4 categories, /cars, then cars.
    for (let i = 0; i < 9; i++) await postProduct(ctx.app, seller, { carName: `Car ${i}` });
    const index = await ctx.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => m[1]!.replaceAll('&amp;', '&'))
      // The sellers' pages have files of their own (server/src/trust/sellers.test.ts), and so
      // have the local pages (local-pages.test.ts).
      .filter((loc) => !loc.includes('/sitemaps/sellers') && !loc.includes('/sitemaps/places'));
    const total = await ctx.app.inject({ url: '/api/products?limit=1' });
    const forSale = Number(total.headers['x-total-count']);
    const pages = 6;
    // Each file is a range of ids (server/src/pages/sitemap.test.ts), 7 addresses of 8 in each
    // at first (a tenth is left for cars added later): the first without a start.
    expect(files).toHaveLength(Math.ceil((pages + forSale) / 7));
    expect(files[0]).toMatch(new RegExp(`^${ORIGIN}/sitemaps/cars\\.xml\\?to=[\\w-]+$`));
    for (const file of files.slice(1)) {
      expect(file).toMatch(
        new RegExp(`^${ORIGIN}/sitemaps/cars\\.xml\\?from=[\\w-]+(&to=[\\w-]+)?$`),
      );
    }
    const urls: string[] = [];
    for (const file of files) {
      const response = await ctx.app.inject({ url: file.slice(ORIGIN.length) });
      expect(response.statusCode).toBe(200);
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeLessThanOrEqual(8);
      urls.push(...locs);
    }
    expect(urls.slice(0, pages)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/category-products/Tesla`,
      `${ORIGIN}/category-products/Ferrari`,
      `${ORIGIN}/category-products/BMW`,
      `${ORIGIN}/category-products/Lamborghini`,
      `${ORIGIN}/cars`,
    ]);
    const carUrls = urls.slice(pages);
    // Every car for sale, once.
    expect(carUrls).toHaveLength(forSale);
    expect(new Set(carUrls).size).toBe(forSale);
    expect(carUrls).toContain(`${ORIGIN}/cars/${carId}`);
    const first = await ctx.app.inject({ url: '/sitemaps/cars-1.xml' });
    expect(first.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    // The numbered names of the earlier index answer with the files of this one.
    expect((await ctx.app.inject({ url: `/sitemaps/cars-${files.length}.xml` })).body).toBe(
      (await ctx.app.inject({ url: files.at(-1)!.slice(ORIGIN.length) })).body,
    );
    const beyond = await ctx.app.inject({ url: `/sitemaps/cars-${files.length + 1}.xml` });
    expect(beyond.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/sitemaps/other.xml' })).statusCode).toBe(404);
  });
});
