/**
 * `npm run bench:sitemap-burst`: sixteen sitemap files asked at once, and what `/api/health`
 * takes meanwhile. The server in production mode on PGlite with 100,000 cars
 * (server/src/scripts/seed-large.ts into `.data-sitemaps-<cars>`, seeded when missing; few users
 * and one booking: the sitemap reads the cars); a probe asks `/api/health` every 20 ms, one at a
 * time, while each case runs, and prints its p50 / p99 / max (20 s after the start):
 * - nothing else, for 3 s (the machine's and the server's own pauses);
 * - sixteen made-up ranges (ids of the catalogue, ranges no index listed);
 * - the index, then sixteen of its files at once (each built once, one at a time);
 * - the same sixteen again (kept).
 * Each case prints its answers' statuses and how long the last took. The sitemap's rate limit is
 * raised for the bench (`RATE_LIMIT_SITEMAPS`): the cases measure the building, not the limit.
 *
 * BENCH_SITEMAP_BURST_CARS: the cars (default 100,000); port 8596.
 */
import { rmSync } from 'node:fs';
import { get } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { percentile, root, round, seedLarge, runMain, shellWebRoot, startServer } from './lib';

const CARS = Number(process.env.BENCH_SITEMAP_BURST_CARS ?? 100_000);
const PORT = 8596;
const AT_ONCE = 16;
const PROBE_EVERY_MS = 20;
const SETTLE_MS = 20_000;

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Probes `/api/health` one at a time, every PROBE_EVERY_MS, until stopped: its times (ms). */
function probeHealth(origin: string) {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${origin}/api/health`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return times.sort((a, b) => a - b);
    },
  };
}

/**
 * One request, its body read and left as it came (gzipped): the bench's own work stays small, so
 * the health probe's times are the server's.
 */
function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Asks for `urls` at once while probing the health check: statuses, the last answer, health. */
async function burst(origin: string, name: string, urls: string[]) {
  const probe = probeHealth(origin);
  // Let the probe take its first measure before the burst.
  await new Promise((r) => setTimeout(r, 100));
  const started = performance.now();
  // No requests: the probe alone for 3 s, what the machine and the server's own work give.
  if (urls.length === 0) await new Promise((r) => setTimeout(r, 3000));
  const statuses = await Promise.all(urls.map(status));
  const lastMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 100));
  const health = await probe.stop();
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return {
    case: name,
    answers: [...counts].map(([status, n]) => `${n} × ${status}`).join(', '),
    'all answered, ms': Math.round(lastMs),
    'health probes': health.length,
    'health p50 ms': round(percentile(health, 50)),
    'health p99 ms': round(percentile(health, 99)),
    'health max ms': round(health.at(-1)!),
  };
}

async function main(): Promise<void> {
  const dataDir = join(root, `.data-sitemaps-${CARS}`);
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  seedLarge(env, { products: CARS, users: Math.max(20, CARS / 50), orders: 1 });
  const webRoot = shellWebRoot('sitemap-burst');
  const origin = `http://127.0.0.1:${PORT}`;
  const server = await startServer(PORT, {
    ...env,
    PUBLIC_ORIGIN: origin,
    WEB_ROOT: webRoot,
    ACCESS_TOKEN_SECRET: 'bench-access-token-secret-0123456789abcdef',
    RATE_LIMIT_SITEMAPS: '1000',
  });
  try {
    // The server's work after a start (the market values' first refresh) out of the way.
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const indexStarted = performance.now();
    const index = await fetch(`${origin}/sitemap.xml`);
    const files = locs(await index.text()).filter((loc) => loc.includes('/sitemaps/cars.xml'));
    const indexMs = performance.now() - indexStarted;
    if (!index.ok || files.length === 0) throw new Error(`the index: ${index.status}`);
    // Sixteen of the index's files, round the list when it has fewer.
    const listed = Array.from({ length: AT_ONCE }, (_, i) => files[i % files.length]!);
    // Ranges no index listed: each of a listed file's start and the next car's id a letter on.
    const madeUp = Array.from({ length: AT_ONCE }, (_, i) => {
      const to = new URL(files[(i % (files.length - 1)) + 1]!).searchParams.get('to') ?? 'z';
      return `${origin}/sitemaps/cars.xml?from=${i}&to=${to}`;
    });
    const table = [
      await burst(origin, 'nothing else (3 s)', []),
      await burst(origin, `${AT_ONCE} made-up ranges at once`, madeUp),
      await burst(
        origin,
        `${AT_ONCE} listed files at once (${files.length} distinct), cold`,
        listed,
      ),
      await burst(origin, `the same ${AT_ONCE} again, kept`, listed),
    ];
    console.table(table);
    console.log(
      `${CARS} cars on PGlite; the index (${files.length} cars files) in ${Math.round(indexMs)} ms ` +
        `before the cases; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
    );
  } finally {
    await server.stop();
    rmSync(webRoot, { recursive: true, force: true });
  }
}

runMain(main);
