/**
 * The sitemap's files on demand: only ranges an index published in the last day answer (on any
 * replica, whatever changed since), each file is built once and kept until the catalogue
 * changes, and the index and files are limited per address.
 */
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { newId } from '../platform/db/ids';
import { users } from '../platform/db/schema';
import { buildReplica, buildTestApp, databaseKind, type TestContext } from '../../test/helper';
import { addSitemapCar } from '../../test/sitemap-fixture';

const ORIGIN = 'https://cars.example.com';
const PER_FILE = 10;
/** Sitemap requests an address may make a minute here. */
const LIMIT = 20;

describe(`the sitemap's files on demand (${databaseKind})`, () => {
  let ctx: TestContext;
  const email = `sitemap-ranges-${newId()}@example.com`;
  /** Each test calls from an address of its own: the limit counts per address. */
  let address = 0;
  let from = '';

  beforeAll(async () => {
    ctx = await buildTestApp({
      publicOrigin: ORIGIN,
      sitemapUrlsPerFile: PER_FILE,
      rateLimits: { sitemaps: { max: LIMIT, windowSeconds: 60 } },
    });
    await ctx.database.db
      .insert(users)
      .values({ _id: newId(), name: 'S', email, userRole: 'Seller' });
    for (let c = 0; c < 30; c++) await addCar();
  });
  afterAll(() => ctx?.close());
  beforeEach(() => {
    address += 1;
    from = `10.39.2.${address}`;
  });

  /** A car for sale, and the catalogue's notice of it. */
  const addCar = (id?: string) => addSitemapCar(ctx, email, id);

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url: url.replace(ORIGIN, ''), headers, remoteAddress: from });
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

  /** The index's cars files (addresses on this origin). */
  async function carFiles(): Promise<string[]> {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    return locs(response.body)
      .filter((loc) => loc.includes('/sitemaps/cars.xml'))
      .map((loc) => loc.replace(ORIGIN, ''));
  }

  it('answers 404 for a range no index listed, without reading it', async () => {
    const [first, second] = await carFiles();
    const builds = ctx.app.sitemapFiles.builds;
    // A made-up range inside the catalogue, and the listed ends shifted by one character.
    const to = new URL(second!, ORIGIN).searchParams.get('to')!;
    for (const url of [
      `/sitemaps/cars.xml?from=0&to=${to}`,
      `${first}0`,
      `/sitemaps/sellers.xml?to=${to}`,
      '/sitemaps/cars.xml',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode, message: response.json().message }).toEqual({
        url,
        status: 404,
        message: expect.stringMatching(
          /^No sitemap file (cars|sellers)\.xml for that range: no index of the last day lists it; \/sitemap\.xml lists the files$/,
        ),
      });
    }
    expect(ctx.app.sitemapFiles.builds).toBe(builds);
  });

  it('keeps answering a listed range after the catalogue changes, for a day, on every replica', async () => {
    const files = await carFiles();
    const last = files.at(-1)!;
    // Enough cars that the next index cuts the files elsewhere.
    for (let c = 0; c < 12; c++) await addCar();
    const next = await carFiles();
    expect(next).not.toContain(last);
    const answer = await get(last);
    expect(answer.statusCode).toBe(200);
    expect(locs(answer.body).length).toBeGreaterThan(0);
    // Another replica (its own caches, the same database) answers it too.
    const replica = await buildReplica(ctx, { publicOrigin: ORIGIN, sitemapUrlsPerFile: PER_FILE });
    try {
      const there = await replica.app.inject({ url: last, remoteAddress: from });
      expect(there.statusCode).toBe(200);
      expect(there.body).toBe(answer.body);
    } finally {
      await replica.close();
    }
    // A day after an index last listed it, it is gone.
    const range = new URL(last, ORIGIN).searchParams;
    await ctx.database.db.execute(
      sql`update sitemap_ranges set published_at = now() - interval '25 hours'
        where kind = 'cars' and range_from = ${range.get('from') ?? ''}
          and range_to = ${range.get('to') ?? ''}`,
    );
    expect((await get(last)).statusCode).toBe(404);
  });

  it('builds a file once and serves it again until the catalogue changes', async () => {
    const [, second] = await carFiles();
    const first = await get(second!);
    const builds = ctx.app.sitemapFiles.builds;
    // Eight crawlers at once: one build between them (it was kept), the same bytes to each.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => get(second!, { 'accept-encoding': 'gzip' })),
    );
    expect(ctx.app.sitemapFiles.builds).toBe(builds);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers.etag).toBe(first.headers.etag);
      expect(gunzipSync(answer.rawPayload).toString()).toBe(first.body);
    }
    // A crawler that has it is told so.
    const kept = await get(second!, { 'if-none-match': String(first.headers.etag) });
    expect(kept.statusCode).toBe(304);
    // A change to the catalogue: the file is built again, with the car added in its range.
    const id = await addCar(`${new URL(second!, ORIGIN).searchParams.get('from')}0`);
    const changed = await get(second!);
    expect(ctx.app.sitemapFiles.builds).toBe(builds + 1);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(locs(changed.body)).toContain(`${ORIGIN}/cars/${id}`);
  });

  it('builds files one at a time and shares a build between those who ask at once', async () => {
    ctx.app.catalogueCache.invalidate();
    const files = await carFiles();
    const builds = ctx.app.sitemapFiles.builds;
    const answers = await Promise.all(files.flatMap((file) => [get(file), get(file)]));
    expect(answers.map((answer) => answer.statusCode)).toEqual(files.flatMap(() => [200, 200]));
    expect(ctx.app.sitemapFiles.builds).toBe(builds + files.length);
  });

  it('limits the index and the files per address, with when to come back', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await get('/sitemap.xml')).statusCode);
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429]);
    const refused = await get('/sitemaps/cars-1.xml');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests: at most 20 per a minute/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another address is not held back.
    from = '10.39.3.1';
    expect((await get('/sitemaps/cars-1.xml')).statusCode).toBe(200);
  });
});
