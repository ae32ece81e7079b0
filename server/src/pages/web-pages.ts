import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Which HTML file answers a page path (written by the web build: scripts/prerender.ts). */
export interface PagesManifest {
  /** Exact path → file. */
  pages: Record<string, string>;
  /** Route patterns of the app (react-router syntax) that have no prerendered page. */
  appRoutes: string[];
  /** The empty app, for those routes. */
  shell: string;
  /** The not-found page, answered with 404. */
  notFound: string;
  /**
   * The app's page with the boot script and an empty #root, for the pages the server renders
   * with their data (the search, /cars: http/search-pages.ts). Older builds have none.
   */
  serverPage?: string;
}

export interface WebPage {
  file: string;
  status: 200 | 404;
}

/** A react-router pattern (`/a/:b`) as an anchored expression over one path. */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`, 'i');
}

/**
 * App routes the server knows of even when the web build does not list them yet: the car
 * search (`/cars`, rendered with its cars: http/search-pages.ts) and a car's page (`/cars/:id`,
 * answered with the car filled in: car-pages.ts).
 */
export const SERVER_APP_ROUTES = ['/cars', '/cars/:id', '/sellers/:id'];

/**
 * The app shell, the not-found page and the server-rendered pages' template of a build
 * (index.html for the first two without a manifest).
 */
export function shellFiles(webRoot: string): {
  shell: string;
  notFound: string;
  serverPage?: string;
} {
  const manifestFile = join(webRoot, 'pages.json');
  if (!existsSync(manifestFile)) return { shell: 'index.html', notFound: 'index.html' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest;
  return { shell: manifest.shell, notFound: manifest.notFound, serverPage: manifest.serverPage };
}

/**
 * Resolves page paths to files of the built web root: a prerendered page, the app shell for the
 * app's other routes (and SERVER_APP_ROUTES), or the not-found page with 404. A build without a
 * manifest (older builds) answers every path with index.html, as a plain single-page app.
 */
export function webPages(webRoot: string): (pathname: string) => WebPage {
  const manifestFile = join(webRoot, 'pages.json');
  if (!existsSync(manifestFile)) return () => ({ file: 'index.html', status: 200 });
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest;
  const appRoutes = [...new Set([...manifest.appRoutes, ...SERVER_APP_ROUTES])].map(
    patternToRegExp,
  );
  return (pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const page = manifest.pages[path] ?? manifest.pages[path.toLowerCase()];
    if (page) return { file: page, status: 200 };
    if (appRoutes.some((route) => route.test(path))) return { file: manifest.shell, status: 200 };
    return { file: manifest.notFound, status: 404 };
  };
}
