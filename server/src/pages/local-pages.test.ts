/**
 * A local page in the HTML (`/cars/in/{place}`, `/cars/in/{place}/{make}`): the cars for sale
 * within 50 miles of the place's centre, nearest first, with the title, canonical address and
 * JSON-LD ItemList; a real 404 for an unknown place or make.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../platform/paths';
import {
  buildTestApp,
  databaseKind,
  postProduct,
  registerUser,
  type TestContext,
} from '../../test/helper';

const ORIGIN = 'https://cars.example.com';

describe(`local pages in the HTML (${databaseKind})`, () => {
  let ctx: TestContext;
  let webRoot: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'cardealer-local-pages-'));
    const template = readFileSync(join(repoRoot, 'public', 'index.html'), 'utf8');
    writeFileSync(join(webRoot, 'index.html'), template);
    writeFileSync(join(webRoot, 'shell.html'), template);
    writeFileSync(join(webRoot, '404.html'), 'prerendered not found');
    writeFileSync(
      join(webRoot, 'pages.json'),
      JSON.stringify({ pages: {}, appRoutes: [], shell: 'shell.html', notFound: '404.html' }),
    );
    ctx = await buildTestApp({ webRoot, publicOrigin: ORIGIN });
    const seller = await registerUser(ctx.app, 'Seller');
    const cars = {
      roundRock: { carName: 'Round Rock <BMW>', categoryName: 'BMW', zip: '78664' },
      downtown: { carName: 'Downtown Tesla', categoryName: 'Tesla', zip: '78701' },
      sanAntonio: { carName: 'San Antonio Tesla', categoryName: 'Tesla', zip: '78205' },
      maranello: {
        carName: 'Maranello Ferrari',
        categoryName: 'Ferrari',
        productLocation: 'Maranello',
      },
    };
    for (const [name, car] of Object.entries(cars)) {
      ids[name] = await postProduct(ctx.app, seller, car);
    }
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const jsonLd = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as {
      '@type': string;
      name: string;
      url: string;
      itemListElement: { position: number; url: string; name: string }[];
    };

  it("lists the cars within 50 miles of the place's centre, nearest first", async () => {
    const response = await page('/cars/in/austin-tx');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Used cars for sale in Austin, TX</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/cars/in/austin-tx" />`);
    const ld = jsonLd(html);
    expect(ld).toMatchObject({ '@type': 'ItemList', url: `${ORIGIN}/cars/in/austin-tx` });
    // San Antonio is some 75 miles away, Maranello nowhere: neither is listed.
    expect(ld.itemListElement).toEqual([
      {
        '@type': 'ListItem',
        position: 1,
        url: `${ORIGIN}/cars/${ids.downtown}`,
        name: 'Downtown Tesla',
      },
      {
        '@type': 'ListItem',
        position: 2,
        url: `${ORIGIN}/cars/${ids.roundRock}`,
        name: 'Round Rock <BMW>',
      },
    ]);
    expect(html).toContain('Round Rock &lt;BMW&gt;');
    expect(html).not.toContain('Round Rock <BMW>');
    expect(html).toMatch(/Round Rock, TX · 1\d\.\d mi away/);
  });

  it("keeps one make's cars on its make's page, whatever the make's case", async () => {
    const response = await page('/cars/in/austin-tx/TESLA');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Used Tesla cars for sale in Austin, TX</title>');
    expect(response.body).toContain(
      `<link rel="canonical" href="${ORIGIN}/cars/in/austin-tx/tesla" />`,
    );
    expect(jsonLd(response.body).itemListElement.map((item) => item.name)).toEqual([
      'Downtown Tesla',
    ]);
  });

  it('says so when no car is near a known place', async () => {
    const response = await page('/cars/in/el-paso-tx');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('No cars for sale within 50 miles of El Paso, TX yet.');
    expect(jsonLd(response.body).itemListElement).toEqual([]);
  });

  it('lists the local page of every city with a car for sale in the sitemap', async () => {
    const index = await ctx.app.inject({ url: '/sitemap.xml' });
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const places = files.filter((file) => file.includes('/sitemaps/places.xml'));
    expect(places).toEqual([`${ORIGIN}/sitemaps/places.xml`]);
    const file = await ctx.app.inject({ url: '/sitemaps/places.xml' });
    expect(file.statusCode).toBe(200);
    const locs = [...file.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toEqual([
      `${ORIGIN}/cars/in/austin-tx`,
      `${ORIGIN}/cars/in/round-rock-tx`,
      `${ORIGIN}/cars/in/san-antonio-tx`,
    ]);
  });

  it("links a car's page to its place's local page, and a car without a place to none", async () => {
    const placed = await page(`/cars/${ids.roundRock}`);
    expect(placed.body).toContain(
      '<a href="/cars/in/round-rock-tx">More cars near Round Rock, TX</a>',
    );
    const abroad = await page(`/cars/${ids.maranello}`);
    expect(abroad.statusCode).toBe(200);
    expect(abroad.body).not.toContain('More cars near');
  });

  it.each([
    '/cars/in/nowhere-zz',
    '/cars/in/austin',
    '/cars/in/austin-tx/no-such-make',
    '/cars/in/Austin%20TX',
  ])('answers %s with the not-found page and a 404', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('prerendered not found');
  });

  it('takes the nearest cars first and, among cars as near, the newest', async () => {
    const seller = await registerUser(ctx.app, 'Seller', 'local-ties');
    const newer = await postProduct(ctx.app, seller, { carName: 'Newer downtown', zip: '78701' });
    const newest = await postProduct(ctx.app, seller, { carName: 'Newest downtown', zip: '78701' });
    const austin = (await ctx.app.repos.places.ofSlug('austin-tx'))!;
    const cars = await ctx.app.readRepos.localCars.near(austin, null, 3);
    expect(cars.map((car) => car._id)).toEqual([newest, newer, ids.downtown]);
    const [first, , third] = cars;
    expect(first!.distanceMiles).toBe(third!.distanceMiles);
    const two = await ctx.app.readRepos.localCars.near(austin, null, 2);
    expect(two.map((car) => car._id)).toEqual([newest, newer]);
  });
});
