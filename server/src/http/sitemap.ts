/**
 * What search engines read: `/robots.txt` (with the sitemap's absolute address, so it is served
 * here rather than as a static file) and the sitemap, an index (`/sitemap.xml`) of files of at
 * most 50,000 addresses each: the cars' (`/sitemaps/cars.xml?from=…&to=…`: the home page, the
 * categories' pages and the car search (`/cars`) first, then the cars for sale with when each
 * last changed) and the sellers' (`/sitemaps/sellers.xml?…`: the pages of the sellers with a car
 * for sale, issue 26). A file is a range of ids read by keyset (catalogue/id-ranges.ts), never
 * an OFFSET: its address and content stay put when cars are added or sold before it.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { rangesOf, type IdRange } from '../catalogue/id-ranges';
import { escapeHtml } from './car-pages';
import { httpError } from './errors';
import { SitemapBounds, type SitemapKind } from './sitemap-bounds';
import { fileUrl, fillOf, parseFileName } from './sitemap-files';

export interface SitemapOptions {
  /** Where people open the app: every address in the sitemap starts with it. */
  publicOrigin: string;
  /** Addresses per sitemap file (the protocol's limit, 50,000; smaller in tests). */
  perFile?: number;
}

export const SITEMAP_LIMIT = 50_000;
const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';
/** The longest the files' bounds are kept without a catalogue change (sitemap-bounds.ts). */
const BOUNDS_MS = 10 * 60_000;

/** A sitemap file of these `<url>` entries. */
const urlSet = (urls: string[]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  `${urls.join('\n')}</urlset>\n`;

const sitemap: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  const origin = options.publicOrigin;
  const perFile = options.perFile ?? SITEMAP_LIMIT;
  const fill = fillOf(perFile);
  const hide = { hide: true };

  /** The addresses before the cars: home, categories' pages, the car search. */
  async function pageUrls(): Promise<string[]> {
    const categories = await app.readRepos.products.listCategories();
    return [
      `${origin}/`,
      ...categories.map((c) => `${origin}/category-products/${encodeURIComponent(c.categoryName)}`),
      `${origin}/cars`,
    ];
  }

  // The first cars file holds the pages, then cars up to its fill.
  const bounds = new SitemapBounds(BOUNDS_MS, {
    cars: async () =>
      app.readRepos.search.forSaleBounds(Math.max(0, fill - (await pageUrls()).length), fill),
    sellers: () => app.readRepos.sellers.withCarsBounds(fill, fill),
  });
  app.catalogueCache.onInvalidate(() => bounds.clear());

  /** The files' ranges in the index as it is now (none: no sellers with cars). */
  async function ranges(kind: SitemapKind): Promise<IdRange[]> {
    const found = await bounds.get(kind);
    // The cars' first file is there even without cars: it has the pages.
    return found.any || kind === 'cars' ? rangesOf(found) : [];
  }

  const carUrl = (car: { id: string; lastmod: string }) =>
    `<url><loc>${origin}/cars/${encodeURIComponent(car.id)}</loc>` +
    `<lastmod>${car.lastmod}</lastmod></url>`;
  const sellerUrl = (id: string) =>
    `<url><loc>${origin}/sellers/${encodeURIComponent(id)}</loc></url>`;

  /**
   * The `<url>`s of at most `limit` ids of `range` (cars for sale, or sellers with one). One
   * more is read to tell a range that outgrew its file since the index (more new ids fell in it
   * than the tenth left free): those wait for the next index, whose bounds split the range.
   */
  async function urlsIn(kind: SitemapKind, range: IdRange, limit: number): Promise<string[]> {
    const urls =
      kind === 'cars'
        ? (await app.readRepos.search.forSaleIdsIn(range, limit + 1)).map(carUrl)
        : (await app.readRepos.sellers.withCarsIdsIn(range, limit + 1)).map(sellerUrl);
    if (urls.length > limit) {
      app.log.warn({ kind, range, limit }, 'sitemap file over its limit: the next index splits it');
    }
    return urls.slice(0, limit);
  }

  app.get('/robots.txt', { schema: hide }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', { schema: hide }, async (_request, reply) => {
    const [cars, sellers] = await Promise.all([ranges('cars'), ranges('sellers')]);
    const entry = (kind: SitemapKind) => (range: IdRange) =>
      `<sitemap><loc>${escapeHtml(fileUrl(origin, kind, range))}</loc></sitemap>`;
    const entries = [...cars.map(entry('cars')), ...sellers.map(entry('sellers'))];
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
      }
      // The first cars file (no start) begins with the pages.
      const pages = kind === 'cars' && range.from === undefined ? await pageUrls() : [];
      const urls = [
        ...pages.map((loc) => `<url><loc>${escapeHtml(loc)}</loc></url>`),
        ...(await urlsIn(kind, range, Math.max(0, perFile - pages.length))),
      ];
      if (urls.length === 0) {
        throw httpError(404, `No sitemap file ${file}: nothing in that range any more`);
      }
      return reply.type(XML).header('cache-control', CACHE).send(urlSet(urls));
    },
  );
};

export default fp(sitemap, { name: 'sitemap' });
