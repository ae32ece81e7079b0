/**
 * What search engines read: `/robots.txt` (with the sitemap's absolute address, so it is served
 * here rather than as a static file) and the sitemap, an index (`/sitemap.xml`) of files of at
 * most 50,000 addresses each: the cars' (`/sitemaps/cars.xml?from=…&to=…`: the home page, the
 * categories' pages and the car search (`/cars`) first, then the cars for sale with when each
 * last changed), the sellers' (`/sitemaps/sellers.xml?…`: the pages of the sellers with a car
 * for sale) and the places' (`/sitemaps/places.xml?…`: the local pages of the cities with a car
 * for sale). A file is a range of ids read by keyset (catalogue/id-ranges.ts), never an OFFSET:
 * its address and content stay put when cars are added or sold before it. A range's address
 * answers for a day after an index last listed it, on every replica (the ranges are recorded in
 * the database); any other range is a 404, so nobody makes the server read ranges of their own.
 * A file is built once, one at a time, and kept until the catalogue changes (sitemap-cache.ts).
 */
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import fp from 'fastify-plugin';
import { rangesOf, type IdBounds, type IdRange } from '../platform/db/id-ranges';
import { escapeHtml } from '../platform/http/html';
import { httpError } from '../platform/http/errors';
import { SitemapBounds, type SitemapKind } from './sitemap-bounds';
import { SitemapBusy, SitemapFiles, type BuiltFile } from './sitemap-cache';
import { fileUrl, fillOf, parseFileName } from './sitemap-files';

export interface SitemapOptions {
  /** Where people open the app: every address in the sitemap starts with it. */
  publicOrigin: string;
  /** Addresses per sitemap file (the protocol's limit, 50,000; smaller in tests). */
  perFile?: number;
  /** Rows read per query while a file is built (default ROWS_PER_READ; smaller in tests). */
  rowsPerRead?: number;
}

export const SITEMAP_LIMIT = 50_000;
const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';
/** The longest the files' bounds, and built files, are kept without a catalogue change. */
const BOUNDS_MS = 10 * 60_000;
/** How long a range's address answers after an index last listed it. */
export const RANGE_KEPT_MS = 24 * 3600_000;
/** Built files kept (a million cars' index has about 25), and builds under way or waiting at most. */
const FILES_KEPT = 64;
const BUILDS_IN_LINE = 32;
/** Rows read per query while building a file: the event loop is free between them. */
export const ROWS_PER_READ = 500;
const gunzipAsync = promisify(gunzip);

/** A sitemap file of these `<url>` entries. */
const urlSet = (urls: string[]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  `${urls.join('\n')}</urlset>\n`;

/**
 * The sitemap files' content, read from the catalogue: the pages before the cars, and the XML of
 * a file of a range of ids.
 */
function fileBuilder(
  app: FastifyInstance,
  { origin, perFile, rowsPerRead }: { origin: string; perFile: number; rowsPerRead: number },
) {
  /** The addresses before the cars: home, categories' pages, the car search. */
  async function pageUrls(): Promise<string[]> {
    const categories = await app.readRepos.products.listCategories();
    return [
      `${origin}/`,
      ...categories.map((c) => `${origin}/category-products/${encodeURIComponent(c.categoryName)}`),
      `${origin}/cars`,
    ];
  }

  const carUrl = (car: { id: string; lastmod: string }) =>
    `<url><loc>${origin}/cars/${encodeURIComponent(car.id)}</loc>` +
    `<lastmod>${car.lastmod}</lastmod></url>`;
  const sellerUrl = (id: string) =>
    `<url><loc>${origin}/sellers/${encodeURIComponent(id)}</loc></url>`;
  const placeUrl = (slug: string) =>
    `<url><loc>${origin}/cars/in/${encodeURIComponent(slug)}</loc></url>`;

  /** At most `limit` ids of `range` in order (cars for sale, or sellers with one), as `<url>`s. */
  async function read(kind: SitemapKind, range: IdRange, limit: number) {
    if (kind === 'places') {
      const slugs = await app.readRepos.localCars.withCarsSlugsIn(range, limit);
      return slugs.map((id) => ({ id, url: placeUrl(id) }));
    }
    return kind === 'cars'
      ? (await app.readRepos.search.forSaleIdsIn(range, limit)).map((car) => ({
          id: car.id,
          url: carUrl(car),
        }))
      : (await app.readRepos.sellers.withCarsIdsIn(range, limit)).map((id) => ({
          id,
          url: sellerUrl(id),
        }));
  }

  /**
   * The `<url>`s of at most `limit` ids of `range`, read `rowsPerRead` at a time by keyset. One
   * more is read to tell a range that outgrew its file since the index (more new ids fell in it
   * than the tenth left free): those wait for the next index, whose bounds split the range.
   */
  async function urlsIn(kind: SitemapKind, range: IdRange, limit: number): Promise<string[]> {
    const urls: string[] = [];
    // The last id read: the next read starts at it (included, then left out).
    let last: string | undefined;
    for (;;) {
      // The places with cars are found by one pass over the cars: a file's are read at once.
      const perRead = kind === 'places' ? limit + 1 : rowsPerRead;
      const want = Math.min(perRead, limit + 1 - urls.length);
      const again = last === undefined ? 0 : 1;
      const rows = await read(kind, { from: last ?? range.from, to: range.to }, want + again);
      const more = rows.length === want + again;
      const fresh = last !== undefined && rows[0]?.id === last ? rows.slice(1) : rows;
      const taken = fresh.slice(0, want);
      urls.push(...taken.map((row) => row.url));
      if (!more || urls.length > limit || taken.length === 0) break;
      last = taken.at(-1)!.id;
      // PGlite answers within the same turn of the event loop (its queries settle as
      // microtasks): without a turn here, a file's 90 reads would hold every request back.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (urls.length > limit) {
      app.log.warn({ kind, range, limit }, 'sitemap file over its limit: the next index splits it');
    }
    return urls.slice(0, limit);
  }

  /** The XML of the file of `range` (null: nothing in it). */
  async function build(kind: SitemapKind, range: IdRange): Promise<string | null> {
    // The first cars file (no start) begins with the pages.
    const pages = kind === 'cars' && range.from === undefined ? await pageUrls() : [];
    const urls = [
      ...pages.map((loc) => `<url><loc>${escapeHtml(loc)}</loc></url>`),
      ...(await urlsIn(kind, range, Math.max(0, perFile - pages.length))),
    ];
    return urls.length === 0 ? null : urlSet(urls);
  }

  return { pageUrls, build };
}

const sitemap: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  const origin = options.publicOrigin;
  const perFile = options.perFile ?? SITEMAP_LIMIT;
  const fill = fillOf(perFile);
  const rowsPerRead = options.rowsPerRead ?? ROWS_PER_READ;
  const hide = { hide: true };
  const { pageUrls, build } = fileBuilder(app, { origin, perFile, rowsPerRead });

  /** The files `bounds` cut (none: no sellers with cars; the cars' first file has the pages). */
  const rangesIn = (kind: SitemapKind, found: IdBounds) =>
    found.any || kind === 'cars' ? rangesOf(found) : [];

  /** Bounds as found, once their files' ranges are recorded as published (they are listed). */
  async function publishing(kind: SitemapKind, found: IdBounds): Promise<IdBounds> {
    await app.repos.sitemapRanges.publish(kind, rangesIn(kind, found), RANGE_KEPT_MS);
    return found;
  }

  // The first cars file holds the pages, then cars up to its fill.
  const bounds = new SitemapBounds(BOUNDS_MS, {
    cars: async () =>
      publishing(
        'cars',
        await app.readRepos.search.forSaleBounds(
          Math.max(0, fill - (await pageUrls()).length),
          fill,
        ),
      ),
    sellers: async () =>
      publishing('sellers', await app.readRepos.sellers.withCarsBounds(fill, fill)),
    places: async () =>
      publishing('places', await app.readRepos.localCars.withCarsBounds(fill, fill)),
  });
  const files = new SitemapFiles(FILES_KEPT, BUILDS_IN_LINE, BOUNDS_MS);
  app.decorate('sitemapFiles', files);
  app.catalogueCache.onInvalidate(() => {
    bounds.clear();
    files.clear();
  });

  /** The files' ranges in the index as it is now (none: no sellers with cars). */
  async function ranges(kind: SitemapKind): Promise<IdRange[]> {
    return rangesIn(kind, await bounds.get(kind));
  }

  app.get('/robots.txt', { schema: hide }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', { schema: hide }, async (_request, reply) => {
    const [cars, sellers, places] = await Promise.all([
      ranges('cars'),
      ranges('sellers'),
      ranges('places'),
    ]);
    const entry = (kind: SitemapKind) => (range: IdRange) =>
      `<sitemap><loc>${escapeHtml(fileUrl(origin, kind, range))}</loc></sitemap>`;
    const entries = [
      ...cars.map(entry('cars')),
      ...sellers.map(entry('sellers')),
      ...places.map(entry('places')),
    ];
    return reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
          '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
          `${entries.join('')}</sitemapindex>\n`,
      );
  });

  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
    '/sitemaps/:file',
    { schema: hide },
    async (request, reply) => {
      const { file } = request.params;
      const name = parseFileName(file, request.query);
      if (!name) {
        throw httpError(404, `No sitemap file ${file}: /sitemap.xml lists the files`);
      }
      const { kind } = name;
      let range: IdRange;
      if ('n' in name) {
        const now = await ranges(kind);
        if (name.n > now.length) {
          throw httpError(
            404,
            `No sitemap file ${file}: the index lists ${now.length} ${kind} files`,
          );
        }
        range = now[name.n - 1]!;
      } else {
        range = name.range;
        if (!(await app.repos.sitemapRanges.published(kind, range, RANGE_KEPT_MS))) {
          throw httpError(
            404,
            `No sitemap file ${file} for that range: no index of the last day lists it; ` +
              '/sitemap.xml lists the files',
          );
        }
      }
      let built: BuiltFile | null;
      try {
        built = await files.get(`${kind} ${range.from ?? ''} ${range.to ?? ''}`, () =>
          build(kind, range),
        );
      } catch (error) {
        if (!(error instanceof SitemapBusy)) throw error;
        // Sent here: the error handler words every other 503 as a dependency's.
        return reply.code(503).header('retry-after', '60').send({ message: error.message });
      }
      if (!built) throw httpError(404, `No sitemap file ${file}: nothing in that range any more`);
      return send(request, reply, built);
    },
  );

  /** A built file: gzipped to a client that takes it (crawlers do), else unpacked; 304 when kept. */
  async function send(request: FastifyRequest, reply: FastifyReply, built: BuiltFile) {
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .header('etag', built.etag)
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === built.etag) return reply.code(304).send();
    if (negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip') {
      return reply.header('content-encoding', 'gzip').send(built.gzipped);
    }
    return reply.send(await gunzipAsync(built.gzipped));
  }
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The sitemap's built files (`builds` counts them: a kept file is not built again). */
    sitemapFiles: SitemapFiles;
  }
}

export default fp(sitemap, { name: 'sitemap' });
