/**
 * The built web app: its files with their cache policy, and the page answer for any other GET
 * that asks for HTML (a prerendered page, the app shell for the app's routes, or the not-found
 * page with a 404). Every other unknown path gets a JSON 404.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { API_PREFIX } from '../paths';
import { webPages } from '../web-pages';

export interface WebAppOptions {
  /** The built web app; without one (or without its index.html) only the JSON 404 is set. */
  webRoot?: string;
  /** Serve the bundle's source maps (`*.map`): demo mode only, they hold every source file. */
  serveSourceMaps?: boolean;
}

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
  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !request.url.startsWith(`${API_PREFIX}/`) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && webRoot && pageFor) {
      const page = pageFor(request.url.split('?')[0]);
      return reply
        .code(page.status)
        .header('cache-control', 'no-cache')
        .sendFile(page.file, webRoot);
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${request.url}` });
  });
};

export default fp(webApp, { name: 'web-app' });
