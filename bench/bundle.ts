/**
 * `npm run bench:bundle`: the gzipped JavaScript each route loads first, measured in Debian's
 * Chromium against the production build (every script the page requested until the network
 * went quiet), plus what the whole first visit transferred.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { build, buildIsFresh } from '../scripts/build';
import { root, startServer } from './lib';

export const routes = ['/', '/login', '/dashboad/all-buyers'];

export interface RouteWeight {
  route: string;
  scripts: number;
  jsGzipKb: number;
  allGzipKb: number;
}

const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export async function measureRoutes(baseUrl: string, paths = routes): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const results: RouteWeight[] = [];
  for (const route of paths) {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    const everything = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== baseUrl || response.status() !== 200) return;
      if (url.pathname.startsWith('/api/')) return;
      const local =
        url.pathname === '/' || !url.pathname.includes('.') ? '/index.html' : url.pathname;
      everything.add(local);
      if (local.endsWith('.js')) scripts.add(local);
    });
    await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
    const size = (files: Set<string>) =>
      [...files].reduce((sum, file) => sum + gzipped(join(root, 'dist', file)), 0) / 1024;
    results.push({
      route,
      scripts: scripts.size,
      jsGzipKb: size(scripts),
      allGzipKb: size(everything),
    });
    await page.close();
  }
  await browser.close();
  return results;
}

async function main(): Promise<void> {
  if (!buildIsFresh()) await build();
  const server = await startServer(8190);
  try {
    const results = await measureRoutes(server.url);
    console.log('route                  scripts  JS (gzip)  everything (gzip)');
    for (const r of results) {
      console.log(
        `${r.route.padEnd(22)} ${String(r.scripts).padStart(7)}  ${r.jsGzipKb.toFixed(1).padStart(6)} KB  ${r.allGzipKb
          .toFixed(1)
          .padStart(9)} KB`,
      );
    }
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
