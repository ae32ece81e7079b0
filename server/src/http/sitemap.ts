/**
 * What search engines read: `/robots.txt` (with the sitemap's absolute address, so it is served
 * here rather than as a static file) and the sitemap, an index (`/sitemap.xml`) of files
 * `/sitemaps/cars-<n>.xml` of at most 50,000 addresses each: the home page, the categories'
 * pages, the car search (`/cars`) and every car for sale with when it last changed; and files
 * `/sitemaps/sellers-<n>.xml` of the pages of the sellers with a car for sale (issue 26).
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { escapeHtml } from './car-pages';

export interface SitemapOptions {
  /** Where people open the app: every address in the sitemap starts with it. */
  publicOrigin: string;
  /** Addresses per sitemap file (the protocol's limit, 50,000; smaller in tests). */
  perFile?: number;
}

export const SITEMAP_LIMIT = 50_000;
const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';

/** A sitemap file of these `<url>` entries. */
const urlSet = (urls: string[]) =>
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
  `${urls.join('\n')}</urlset>\n`;

const sitemap: FastifyPluginAsync<SitemapOptions> = async (app, options) => {
  const origin = options.publicOrigin;
  const perFile = options.perFile ?? SITEMAP_LIMIT;
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

  app.get('/robots.txt', { schema: hide }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`),
  );

  app.get('/sitemap.xml', { schema: hide }, async (_request, reply) => {
    const [pages, cars, sellers] = await Promise.all([
      pageUrls(),
      app.readRepos.search.countForSale(),
      app.readRepos.sellers.countWithCars(),
    ]);
    const files = Math.max(1, Math.ceil((pages.length + cars) / perFile));
    const entry = (name: string) => `<sitemap><loc>${origin}/sitemaps/${name}.xml</loc></sitemap>`;
    const entries = [
      ...Array.from({ length: files }, (_, i) => entry(`cars-${i + 1}`)),
      ...Array.from({ length: Math.ceil(sellers / perFile) }, (_, i) => entry(`sellers-${i + 1}`)),
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

  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    { schema: hide },
    async (request, reply) => {
      const match = /^(cars|sellers)-([1-9]\d{0,5})\.xml$/.exec(request.params.file);
      const notFound = () => reply.code(404).send({ message: `Not found: GET ${request.url}` });
      if (!match) return notFound();
      const n = Number(match[2]);
      if (match[1] === 'sellers') {
        const ids = await app.readRepos.sellers.withCarsIds((n - 1) * perFile, perFile);
        if (ids.length === 0) return notFound();
        return reply
          .type(XML)
          .header('cache-control', CACHE)
          .send(
            urlSet(
              ids.map((id) => `<url><loc>${origin}/sellers/${encodeURIComponent(id)}</loc></url>`),
            ),
          );
      }
      const pages = await pageUrls();
      // File 1 starts with the pages, then cars; each later file holds `perFile` cars.
      const first = n === 1 ? pages : [];
      const skip = n === 1 ? 0 : perFile - pages.length + (n - 2) * perFile;
      const cars = await app.readRepos.search.forSaleIds(skip, perFile - first.length);
      if (n > 1 && cars.length === 0) return notFound();
      const urls = [
        ...first.map((loc) => `<url><loc>${escapeHtml(loc)}</loc></url>`),
        ...cars.map(
          (car) =>
            `<url><loc>${origin}/cars/${encodeURIComponent(car.id)}</loc>` +
            `<lastmod>${car.lastmod}</lastmod></url>`,
        ),
      ];
      return reply.type(XML).header('cache-control', CACHE).send(urlSet(urls));
    },
  );
};

export default fp(sitemap, { name: 'sitemap' });
