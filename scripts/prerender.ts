/**
 * Prerenders the public pages into the built web root (called by scripts/build.ts after webpack):
 * each page's HTML and critical CSS go into a copy of the built index.html, so the first paint
 * needs no JavaScript. Also writes `pages.json`, which tells the server which file answers which
 * path (server/src/pages/web-pages.ts):
 *   - the prerendered pages by exact path;
 *   - `shell.html` (the empty app) for the app's other routes (category pages, the dashboard);
 *   - `404.html` (the prerendered not-found page) with status 404 for every other path;
 *   - `server-page.html`, the template of the pages the server renders per request with their
 *     data (the search, /cars: server/src/pages/search-pages.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteObject } from 'react-router-dom';
import type { PagesManifest } from '../server/src/pages/web-pages';
import { routes } from '../src/app/routes';
import { paths } from '../src/config/paths';
import { prerenderPage } from '../src/prerender';

const PUBLIC_PAGES: Record<string, string> = {
  [paths.root]: 'index.html',
  [paths.home]: 'home.html',
  [paths.blogs]: 'blogs.html',
  [paths.financing]: 'financing.html',
  [paths.login]: 'login.html',
  [paths.register]: 'register.html',
  [paths.value]: 'value.html',
};
const NOT_FOUND_FILE = '404.html';
const SHELL_FILE = 'shell.html';
/** The template of the pages the server renders with their data (/cars), boot script included. */
const SERVER_PAGE_FILE = 'server-page.html';

/** Every concrete path pattern of the route table (no splat), e.g. /category-products/:categoryName. */
export function routePatterns(table: RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of table) {
    const path = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent;
    if (route.path?.includes('*')) continue;
    if (route.path || route.index) out.push(path || '/');
    if (route.children) out.push(...routePatterns(route.children, path));
  }
  return [...new Set(out)];
}

/**
 * Starts the app once the prerendered page has painted, images included: the browser shows the page first, then
 * loads and runs the code that hydrates it (on a slow phone, running it before the first paint
 * would hold that paint back). Served as a file: the CSP allows no inline script. A button tapped
 * in the meantime is pressed once the app has started.
 */
const BOOT = `(function () {
  var script = document.currentScript;
  var main = script && script.getAttribute('data-main');
  if (!main) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var app = document.createElement('script');
    app.src = main;
    document.head.appendChild(app);
  }
  // Once the page's images are in (the load event), the frame after the next one: the page has
  // painted whole by then.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  if (document.readyState === 'complete') afterPaint();
  else window.addEventListener('load', afterPaint);
  // A tab in the background paints no frames, and a slow image must not hold the app back.
  setTimeout(start, 3000);

  // A button does nothing until the app's code has run (links work without it). The last button
  // tapped before hydration starts (<html data-hydrating>; from then on React replays taps
  // itself) is pressed again once the app has taken the page over (<html data-ready>).
  var root = document.documentElement;
  var tapped = null;
  function remember(event) {
    if (root.hasAttribute('data-hydrating')) return;
    var button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button) tapped = button;
  }
  document.addEventListener('click', remember, true);
  new MutationObserver(function (changes, observer) {
    if (root.getAttribute('data-ready') !== 'true') return;
    observer.disconnect();
    document.removeEventListener('click', remember, true);
    if (tapped && tapped.isConnected && !tapped.disabled) tapped.click();
  }).observe(root, { attributes: true, attributeFilter: ['data-ready'] });
})();
`;

/**
 * The boot script as sent: without its comments and indentation (its lines kept), which halves
 * it (gzip 0.8 KB to 0.5 KB) on every prerendered page and the search page.
 */
export const BOOT_SHIPPED = BOOT.replace(/^\s*\/\/.*\n/gm, '').replace(/^\s+/gm, '');

/** Leading tags React hoists out of the page (the hero's image preload), for the head. */
const LEADING_HOISTABLES = /^(?:<(?:link|meta)\b[^>]*\/?>)+/;

function fill(
  template: string,
  page: Awaited<ReturnType<typeof prerenderPage>>,
  boot: string,
): string {
  const hoisted = LEADING_HOISTABLES.exec(page.html)?.[0] ?? '';
  const body = page.html.slice(hoisted.length);
  // The CSP allows no inline script: a page that suspended while rendering would need one.
  if (/<script\b/i.test(body)) throw new Error('a prerendered page has an inline script');
  let html = template;
  if (page.title !== null)
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`);
  html = html.replace('</head>', `${hoisted}${page.styles}</head>`);
  const main = /<script defer="defer" src="(\/assets\/main\.[\w.]+\.js)"><\/script>/;
  if (!main.test(html)) throw new Error('index.html has no deferred main script');
  html = html.replace(main, `<script defer="defer" src="${boot}" data-main="$1"></script>`);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('index.html has no empty <div id="root"></div>');
  return html.replace(root, `<div id="root">${body}</div>`);
}

export async function prerender(outDir: string): Promise<PagesManifest> {
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  writeFileSync(join(outDir, SHELL_FILE), template);
  const boot = `/assets/boot.${createHash('sha256').update(BOOT_SHIPPED).digest('hex').slice(0, 10)}.js`;
  writeFileSync(join(outDir, boot), BOOT_SHIPPED);
  for (const [path, file] of Object.entries(PUBLIC_PAGES)) {
    writeFileSync(join(outDir, file), fill(template, await prerenderPage(path), boot));
  }
  // Any unknown path renders the same not-found page.
  writeFileSync(
    join(outDir, NOT_FOUND_FILE),
    fill(template, await prerenderPage('/__not-found'), boot),
  );
  writeFileSync(
    join(outDir, SERVER_PAGE_FILE),
    fill(template, { html: '', title: null, styles: '' }, boot),
  );
  const manifest: PagesManifest = {
    pages: PUBLIC_PAGES,
    appRoutes: routePatterns(routes).filter((pattern) => !(pattern in PUBLIC_PAGES)),
    shell: SHELL_FILE,
    notFound: NOT_FOUND_FILE,
    serverPage: SERVER_PAGE_FILE,
  };
  writeFileSync(join(outDir, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
