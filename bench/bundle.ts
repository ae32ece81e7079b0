/**
 * `npm run bench:bundle`: the gzipped JavaScript each route loads, measured in Debian's
 * Chromium against the production build: what the page loads before it is interactive (every
 * script requested until React has taken the page over, `<html data-ready>`), everything the
 * first visit transfers until the network is quiet, and the number of scripts. Sizes are gzip
 * level 9 (the server sends Brotli, which is smaller still).
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, testBrowserPath } from '../e2e/chromium';
import { webPages } from '../server/src/pages/web-pages';
import { buildWeb, root, startServer } from './lib';

export const routes = [
  '/',
  '/login',
  '/register',
  '/dashboad/all-buyers',
  '/cars',
  // A demo car's page (the seed's ids are fixed).
  '/cars/demo-car-01',
  '/value',
  // A local page (the places are loaded at the first start, cars or none).
  '/cars/in/austin-tx',
];

/**
 * The pages whose JavaScript before interactive must stay within the budget: the public pages but
 * the sign-in's (/login and /register carry the sign-in provider's SDK, some 45 KB more, which
 * no other page loads before it is interactive). `npm run bench:bundle` fails past it.
 */
export const budgetedRoutes = routes.filter(
  (route) => !['/login', '/register'].includes(route) && !route.startsWith('/dashboad/'),
);
/** Each public page's JavaScript before interactive, gzip KB, at most. */
export const BUDGET_KB = 175;
const webRoot = join(root, '.build-bench');

export interface RouteWeight {
  route: string;
  scripts: number;
  /** JavaScript requested before the page is interactive (hydrated), gzip KB. */
  initialJsKb: number;
  /** All JavaScript until the network is idle, gzip KB. */
  allJsKb: number;
  /** Everything transferred until the network is idle (HTML, JS, images), gzip KB. */
  allKb: number;
  /** Each script loaded, with its gzip KB and whether it came before the page was interactive. */
  files: { file: string; kb: number; beforeInteractive: boolean }[];
}

const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export async function measureRoutes(
  baseUrl: string,
  paths = routes,
  dir = webRoot,
): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
  const pageFor = webPages(dir);
  const results: RouteWeight[] = [];
  for (const route of paths) {
    const page = await browser.newPage();
    const before = new Set<string>();
    const all = new Set<string>();
    let ready = false;
    // The moment the page is marked interactive, on the page's own clock: a script the page asks
    // for right after the mark reaches this process before waitForFunction below has seen it.
    await page.addInitScript(() => {
      new MutationObserver((_changes, watch) => {
        if (document.documentElement.dataset.ready !== 'true') return;
        (window as Window & { readyAt?: number }).readyAt = performance.now();
        watch.disconnect();
      }).observe(document, { subtree: true, attributeFilter: ['data-ready'] });
    });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseUrl || url.pathname.startsWith('/api/')) return;
      // A page path is answered by its prerendered file or the app shell (as the server does).
      const local = url.pathname.includes('.') ? url.pathname : `/${pageFor(url.pathname).file}`;
      all.add(local);
      if (!ready && local.endsWith('.js')) before.add(local);
    });
    await page.goto(baseUrl + route);
    // Interactive: React has taken the page over (src/main.tsx marks <html data-ready>).
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
    ready = true;
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2500); // idle-time work (the session) has started and finished
    // Scripts the page asked for at or after the mark (by its resource timing) came after it.
    const late = await page.evaluate(() => {
      const readyAt = (window as Window & { readyAt?: number }).readyAt ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime >= readyAt)
        .map((entry) => new URL(entry.name).pathname);
    });
    for (const file of late) before.delete(file);
    const size = (files: Iterable<string>) =>
      [...files].reduce((sum, file) => sum + gzipped(join(dir, file)), 0) / 1024;
    const js = [...all].filter((f) => f.endsWith('.js'));
    results.push({
      route,
      scripts: js.length,
      initialJsKb: size(before),
      allJsKb: size(js),
      allKb: size(all),
      files: js.map((file) => ({
        file,
        kb: gzipped(join(dir, file)) / 1024,
        beforeInteractive: before.has(file),
      })),
    });
    await page.close();
  }
  await browser.close();
  return results;
}

async function main(): Promise<void> {
  await buildWeb(webRoot);
  // BENCH_PORT: another port, where several checkouts measure on one machine.
  const server = await startServer(Number(process.env.BENCH_PORT ?? 8190), { WEB_ROOT: webRoot });
  try {
    const results = await measureRoutes(server.url);
    console.log(
      'route                  JS before interactive   all JS (scripts)   whole visit (gzip)',
    );
    for (const r of results) {
      console.log(
        `${r.route.padEnd(22)} ${r.initialJsKb.toFixed(1).padStart(12)} KB ${r.allJsKb.toFixed(1).padStart(14)} KB (${r.scripts}) ${r.allKb.toFixed(1).padStart(12)} KB`,
      );
      // `npm run bench:bundle -- --files`: each route's scripts (* loaded before interactive).
      if (process.argv.includes('--files')) {
        for (const f of r.files) {
          console.log(
            `    ${f.beforeInteractive ? '*' : ' '} ${f.kb.toFixed(1).padStart(6)} KB ${f.file}`,
          );
        }
      }
    }
    const over = results.filter(
      (r) => budgetedRoutes.includes(r.route) && r.initialJsKb > BUDGET_KB,
    );
    for (const r of over) {
      console.error(
        `${r.route}: ${r.initialJsKb.toFixed(1)} KB is over the ${BUDGET_KB} KB budget`,
      );
    }
    if (over.length) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
