/**
 * The search page (`/cars?…`) answered with its first page of cars in the HTML, as a car's page
 * is: the web app's own page, rendered by React in a worker thread (src/searchPageWorker.ts, run
 * with tsx) whose API calls are answered here by this server's API (`app.inject`: the same
 * routes, checks and answer cache as GET /api/products). The HTML carries the app's cache of
 * those answers, so the browser hydrates the page without asking again. When the renderer cannot
 * answer (starting, failed, too slow), the page is the app shell, drawn in the browser as before.
 */
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { repoRoot } from '../platform/paths';
import { scriptSafeJson } from './car-pages';
import { escapeHtml } from '../platform/http/html';
import { fillShell } from './fill-shell';

/** What the worker renders (src/renderSearchPage.tsx). */
export interface RenderedSearchPage {
  /** The page's markup (React's, escaped), for inside #root. */
  html: string;
  /** The `<title>` text, already escaped by React. */
  title: string | null;
  /** emotion's `<style data-emotion>` tags for the markup. */
  styles: string;
  /** The store's starting state for the browser (src/main.tsx). */
  state: unknown;
  /** `/cars?…` as the page writes its search. */
  canonical: string;
  /** Cars matching; null when the API refused the search. */
  total: number | null;
  /** The words searched for ('' for none). */
  q: string;
}

const WORKER_FILE = join(repoRoot, 'src', 'searchPageWorker.ts');
/** Where the renderer's API layer sends its calls (answered here, never over the network). */
const RENDERER_ORIGIN = 'http://server-render.invalid';
/** Only the search's own calls are answered for the renderer. */
const RENDERER_CALLS = /^\/api\/products(?:\/facets)?(?:\?|$)/;
/** The worker's first start loads and compiles the app (tsx caches it on disk): give it time. */
const START_MS = 60_000;
/** A page that takes longer is answered with the app shell (the browser renders it). */
export const RENDER_MS = 5_000;
/**
 * Renders waiting at most: past them a page is answered with the app shell at once, so a flood
 * of distinct searches queues no more work than this (and the API's own answers stay quick).
 */
export const MAX_RENDERS_WAITING = 16;

type FromWorker =
  | { type: 'ready' }
  | { type: 'fetch'; id: number; path: string }
  | { type: 'rendered'; id: number; page: RenderedSearchPage }
  | { type: 'failed'; id: number; message: string };

/** The renderer's worker: started on first need (or by `start`), started again if it dies. */
export class SearchPageRenderer {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (page: RenderedSearchPage | null) => void; timer: NodeJS.Timeout }
  >();
  private closed = false;
  /** Renders asked for and not answered yet (the worker's start included). */
  private waiting = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly renderMs = RENDER_MS,
  ) {}

  /** Starts the worker (so the first visitor does not wait for it). */
  start(): Promise<Worker> {
    this.ready ??= new Promise<Worker>((resolve, reject) => {
      // tsx compiles the web app's TypeScript in the worker (its require hook: an --import
      // loader is not passed on to a worker of a process that runs under tsx itself).
      const boot = `require('tsx/cjs/api').register(); require(${JSON.stringify(WORKER_FILE)});`;
      const worker = new Worker(boot, {
        eval: true,
        env: { ...process.env, NODE_ENV: 'production', API_ORIGIN: RENDERER_ORIGIN },
      });
      this.worker = worker;
      worker.unref();
      const timer = setTimeout(
        () => reject(new Error('the page renderer did not start')),
        START_MS,
      );
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve(worker);
        } else this.onMessage(worker, message);
      });
      const gone = (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(`the page renderer stopped (${error})`));
        if (this.worker !== worker) return;
        if (!this.closed) this.app.log.warn({ err: error }, 'the search page renderer stopped');
        this.worker = null;
        this.ready = null;
        for (const [id, job] of this.pending) this.finish(id, job, null);
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(code));
    });
    // An unawaited start must not become an unhandled rejection.
    this.ready.catch(() => undefined);
    return this.ready;
  }

  /** The page for `url` (`/cars?…`), or null: the caller answers the app shell instead. */
  async render(url: string): Promise<RenderedSearchPage | null> {
    if (this.closed || this.waiting >= MAX_RENDERS_WAITING) return null;
    this.waiting += 1;
    try {
      const worker = await this.start();
      const id = this.nextId++;
      return await new Promise<RenderedSearchPage | null>((resolve) => {
        const timer = setTimeout(() => this.finish(id, this.pending.get(id), null), this.renderMs);
        this.pending.set(id, { resolve, timer });
        worker.postMessage({ type: 'render', id, url });
      });
    } catch (error) {
      this.app.log.warn(
        { err: error },
        'no search page renderer: the page is drawn in the browser',
      );
      return null;
    } finally {
      this.waiting -= 1;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [id, job] of this.pending) this.finish(id, job, null);
    await this.worker?.terminate();
  }

  private finish(
    id: number,
    job: { resolve: (page: RenderedSearchPage | null) => void; timer: NodeJS.Timeout } | undefined,
    page: RenderedSearchPage | null,
  ) {
    if (!job) return;
    clearTimeout(job.timer);
    this.pending.delete(id);
    job.resolve(page);
  }

  private onMessage(worker: Worker, message: FromWorker) {
    if (message.type === 'fetch') {
      void this.apiCall(message.path).then((answer) =>
        worker.postMessage({ type: 'answer', id: message.id, ...answer }),
      );
    } else if (message.type === 'rendered') {
      this.finish(message.id, this.pending.get(message.id), message.page);
    } else if (message.type === 'failed') {
      this.app.log.error({ error: message.message }, 'the search page could not be rendered');
      this.finish(message.id, this.pending.get(message.id), null);
    }
  }

  /** The renderer's API call, answered by this server's API (search calls only). */
  async apiCall(path: string): Promise<{ status: number; headers: object; body: string }> {
    if (!RENDERER_CALLS.test(path)) {
      return { status: 404, headers: {}, body: '{"message":"not a search call"}' };
    }
    try {
      const response = await this.app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json' },
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      return { status: response.statusCode, headers, body: response.body };
    } catch (error) {
      this.app.log.error({ err: error }, 'a search call for the page renderer failed');
      return { status: 500, headers: {}, body: '{"message":"Something went wrong"}' };
    }
  }
}

/** Leading tags React hoists out of the page (an image preload), for the head. */
const LEADING_HOISTABLES = /^(?:<(?:link|meta)\b[^>]*\/?>)+/;

const carsCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'car' : 'cars'}`;

/** A description for search results and link previews. */
function describe(page: RenderedSearchPage): string {
  if (page.total === null) {
    return 'Search every car for sale on CarDealer by words, category, price, condition and place.';
  }
  const matching = page.q ? ` matching “${page.q}”` : '';
  return (
    `${carsCount(page.total)} for sale${matching} on CarDealer, each with how its price ` +
    'compares with similar cars.'
  );
}

/**
 * The page template (the app's index.html with the boot script, as the build writes it for the
 * prerendered pages) with the rendered page in #root, its title, description, canonical address,
 * Open Graph tags and styles in the head, and the app's starting state beside #root.
 */
export function searchPageHtml(template: string, page: RenderedSearchPage, origin: string) {
  const url = `${origin}${page.canonical}`;
  const title = page.title ?? 'Cars for sale';
  const description = escapeHtml(describe(page));
  const hoisted = LEADING_HOISTABLES.exec(page.html)?.[0] ?? '';
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    hoisted,
    page.styles,
  ].join('');

  // Data, not a script (the content security policy allows no inline script): src/main.tsx reads it.
  const state = `<script type="application/json" id="app-state">${scriptSafeJson(page.state)}</script>`;
  return fillShell(template, {
    title,
    description,
    head,
    root: page.html.slice(hoisted.length),
    afterRoot: state,
  });
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The page compressed as the browser accepts it (Brotli, then gzip), or as it is. */
export async function compressedPage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> {
  const body = Buffer.from(html);
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : null;
  if (encoding === 'br') {
    // Quality 5: a few milliseconds for a page of cars, most of quality 11's saving.
    const params = { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length };
    return { body: await brotli(body, { params }), encoding };
  }
  if (encoding === 'gzip') return { body: await gzipAsync(body), encoding };
  return { body, encoding: null };
}
