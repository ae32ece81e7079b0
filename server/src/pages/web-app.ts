/**
 * The built web app: its files with their cache policy, and the page answer for any other GET
 * that asks for HTML (a prerendered page, the app shell for the app's routes, or the not-found
 * page with a 404). Every other unknown path gets a JSON 404.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_PREFIX } from '../platform/paths';
import { shellFiles, webPages } from './web-pages';
import { LISTING_REMOVED } from '../cars/hidden-cars';
import { carPageHtml, removedCarPageHtml } from './car-pages';
import { sellerPageHtml } from './seller-pages';
import { localPageData } from './local-page-data';
import { localPageHtml } from './local-pages';
import { sellerPage } from '../trust/seller-page';
import { compressedPage, SearchPageRenderer, searchPageHtml } from './search-pages';

export interface WebAppOptions {
  /** The built web app; without one (or without its index.html) only the JSON 404 is set. */
  webRoot?: string;
  /** Serve the bundle's source maps (`*.map`): demo mode only, they hold every source file. */
  serveSourceMaps?: boolean;
  /** Where people open the app: the car pages' absolute links. */
  publicOrigin: string;
}

/** The search page: `/cars` (its query is the search). */
const SEARCH_PAGE = /^\/cars\/?$/;
/** A local page: `/cars/in/<place's slug>`, or with `/<make>` after it. */
const LOCAL_PAGE = /^\/cars\/in\/([^/]+)(?:\/([^/]+))?\/?$/;
/** A car's page: `/cars/<id>`. */
const CAR_PAGE = /^\/cars\/([^/]+)\/?$/;
/** A seller's page: `/sellers/<id>`. */
const SELLER_PAGE = /^\/sellers\/([^/]+)\/?$/;
/** A car's id (any other is no car). */
const CAR_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A filled page's HTML with its status, revalidated on every visit. */
const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(html);

/** Content-hashed assets never change. */
const HASHED = /\.[0-9a-f]{8,}\./;
/** The demo pictures (public/images). */
const DEMO_PICTURE = /[\\/]images[\\/].+\.(?:svg|png|jpe?g|webp|gif)(?:\.br|\.gz)?$/;
/** A source map, or a compressed copy of one, if a build ever writes one. */
const SOURCE_MAP = /\.map(?:\.(?:br|gz))?$/i;

const webApp: FastifyPluginAsync<WebAppOptions> = async (app, options) => {
  const webRoot = options.webRoot;
  const pageFor = webRoot && existsSync(join(webRoot, 'index.html')) ? webPages(webRoot) : null;
  if (webRoot && pageFor) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The server answers robots.txt itself (http/sitemap.ts: the sitemap's absolute address).
      globIgnore: ['robots.txt', 'robots.txt.br', 'robots.txt.gz'],
      // The build writes .br and .gz copies of the text files (scripts/build.ts).
      preCompressed: true,
      // Our own cache-control below (send's default, max-age=0, would replace it).
      cacheControl: false,
      allowedPath: (pathName) => options.serveSourceMaps === true || !SOURCE_MAP.test(pathName),
      setHeaders(res, path) {
        // The same URL answers Brotli, gzip or plain bytes by Accept-Encoding.
        res.setHeader('vary', 'accept-encoding');
        // Hashed assets are kept a year; the demo pictures a day, then revalidated by ETag in
        // the background; the HTML always revalidates.
        if (HASHED.test(path)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (DEMO_PICTURE.test(path)) {
          res.setHeader('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  const files = webRoot && pageFor ? shellFiles(webRoot) : null;
  /** The not-found page with 404 (for no such car or seller). */
  const notFound = (reply: FastifyReply, root: string) =>
    reply
      .code(404)
      .header('cache-control', 'no-cache')
      .sendFile(files?.notFound ?? 'index.html', root);
  /** The shell with the car filled in, or the not-found page with 404 for an unknown car. */
  async function carPage(request: FastifyRequest, id: string, reply: FastifyReply, root: string) {
    const car = CAR_ID.test(id) ? await app.readRepos.search.car(id) : null;
    if (!car || !files) {
      return notFound(reply, root);
    }
    const shell = await readFile(join(root, files.shell), 'utf8');
    if (car.moderation) {
      return sendHtml(reply, 410, removedCarPageHtml(shell, LISTING_REMOVED));
    }
    // A person opened the car: noted in memory, written later (insights/view-counter.ts). The
    // page's request carries no access token, so its visitor is the address and browser.
    app.carViews.record({
      carId: car._id,
      account: null,
      address: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return sendHtml(reply, 200, carPageHtml(shell, car, options.publicOrigin));
  }

  /** The shell with the seller filled in, or the not-found page with 404 for no such seller. */
  async function sellerPageOf(id: string, reply: FastifyReply, root: string) {
    const seller = CAR_ID.test(id) ? await sellerPage(app, id) : null;
    if (!seller || !files) {
      return notFound(reply, root);
    }
    const shell = await readFile(join(root, files.shell), 'utf8');
    return sendHtml(reply, 200, sellerPageHtml(shell, seller, options.publicOrigin));
  }

  /** The shell with a place's nearest cars, or the not-found page for no such place or make. */
  async function localPageOf(
    slug: string,
    makeName: string | undefined,
    reply: FastifyReply,
    root: string,
  ) {
    const found = await app.catalogueCache.get(`local-page:${slug}|${makeName ?? ''}`, () =>
      localPageData(app, slug, makeName),
    );
    if (!found || !files) return notFound(reply, root);
    const shell = await readFile(join(root, files.shell), 'utf8');
    return sendHtml(reply, 200, localPageHtml(shell, found, options.publicOrigin));
  }

  // The search page is rendered with its cars when the build has the template for it.
  const serverPage = webRoot && files?.serverPage ? join(webRoot, files.serverPage) : null;
  const renderer = serverPage ? new SearchPageRenderer(app) : null;
  if (renderer) {
    app.addHook('onReady', () => void renderer.start());
    app.addHook('onClose', () => renderer.close());
  }
  /** `/cars?…` with its first page of cars, or the app shell if it cannot be rendered. */
  async function searchPage(request: FastifyRequest, reply: FastifyReply, root: string) {
    // Renders of the same address share one, at most a second old and cleared by any catalogue
    // change, as the API's answers are.
    const page = await app.catalogueCache
      .get(`search-page:${request.url}`, async () => {
        const rendered = await renderer!.render(request.url);
        if (!rendered) throw new Error('not rendered');
        return rendered;
      })
      .catch(() => null);
    if (!page || !serverPage) {
      return reply.code(200).header('cache-control', 'no-cache').sendFile(files!.shell, root);
    }
    const template = await readFile(serverPage, 'utf8');
    const html = searchPageHtml(template, page, options.publicOrigin);
    const { body, encoding } = await compressedPage(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .send(body);
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && webRoot && pageFor) {
      const path = request.url.split('?')[0] ?? '/';
      const local = LOCAL_PAGE.exec(path);
      if (local) return localPageOf(local[1]!, local[2], reply, webRoot);
      const car = CAR_PAGE.exec(path);
      if (car) return carPage(request, car[1]!, reply, webRoot);
      const seller = SELLER_PAGE.exec(path);
      if (seller) return sellerPageOf(seller[1]!, reply, webRoot);
      if (renderer && SEARCH_PAGE.test(path)) return searchPage(request, reply, webRoot);
      const page = pageFor(path);
      return reply
        .code(page.status)
        .header('cache-control', 'no-cache')
        .sendFile(page.file, webRoot);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${request.url}` });
  });
};

export default fp(webApp, { name: 'web-app' });
