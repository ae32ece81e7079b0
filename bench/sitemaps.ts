/**
 * `npm run bench:sitemaps`: the sitemap at a million cars, read as a crawler reads it. Starts the
 * API server in production mode on the large PostgreSQL database `bench:search` seeds
 * (`cardealer_search_<cars>`; read here, never seeded or cleared), reads `/sitemap.xml` and then
 * every file it lists, one after another, and prints each file's time, size and addresses, how
 * many cars and sellers the crawl found (and how many twice), and the server's memory before
 * the crawl and at its peak, and the peak while each file was read: its resident set (VmRSS of
 * /proc/<pid>/status) and its JavaScript heap in use (`process.memoryUsage().heapUsed`, which a
 * few lines loaded into the server with `--import` write to a file), sampled every 100 ms, and
 * the heap once more after a full collection at the end.
 *
 * BENCH_SITEMAP_PRODUCTS: which large database (default 1,000,000); SITEMAP_DATABASE_URL: a
 * database of your own instead. Port 8595.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import { root, runMain, shellWebRoot, startServer } from './lib';

const CARS = Number(process.env.BENCH_SITEMAP_PRODUCTS ?? 1_000_000);
const PORT = 8595;
const SAMPLE_MS = 100;

/** The database to read: SITEMAP_DATABASE_URL, or `bench:search`'s on the local test cluster. */
function databaseUrl(): string {
  if (process.env.SITEMAP_DATABASE_URL) return process.env.SITEMAP_DATABASE_URL;
  const found = spawnSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
    encoding: 'utf8',
  });
  if (found.status !== 0) throw new Error('no PostgreSQL: set SITEMAP_DATABASE_URL');
  const url = new URL(found.stdout.trim());
  url.pathname = `/cardealer_search_${CARS}`;
  return url.toString();
}

/** Cars for sale in the database (a missing database or table is an error with the remedy). */
async function carsForSale(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string }>(
      'select count(*) as n from products where sold_at is null and hidden is null',
    );
    return Number(rows[0]!.n);
  } catch (error) {
    throw new Error(
      `${(error as Error).message}: seed it first with ` +
        `BENCH_SEARCH_PRODUCTS=${CARS} SEARCH_DB=postgres npm run bench:search`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Loaded into the server (NODE_OPTIONS, so not into its own children): writes the heap in use
 * (kB) to HEAP_FILE every 100 ms, and at once after a full collection on SIGUSR2 (what the heap
 * still holds, garbage aside).
 */
const HEAP_PROBE = `import { renameSync, writeFileSync } from 'node:fs';
const file = process.env.HEAP_FILE;
delete process.env.HEAP_FILE;
delete process.env.NODE_OPTIONS;
// Written aside, then renamed: the bench never reads half a file.
const write = () => {
  writeFileSync(file + '.new', String(Math.round(process.memoryUsage().heapUsed / 1024)));
  renameSync(file + '.new', file);
};
setInterval(write, ${SAMPLE_MS}).unref();
process.on('SIGUSR2', () => {
  globalThis.gc();
  write();
});
`;

/** The server's resident set now and its peak so far, and its heap in use (kB). */
function memoryOf(pid: number, heapFile: string): { rss: number; hwm: number; heap: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1]);
  let heap = 0;
  try {
    heap = Number(readFileSync(heapFile, 'utf8')) || 0;
  } catch {
    // not written yet
  }
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), heap };
}

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

async function main(): Promise<void> {
  const url = databaseUrl();
  const forSale = await carsForSale(url);
  const webRoot = shellWebRoot('sitemaps');
  const probe = join(webRoot, 'heap-probe.mjs');
  writeFileSync(probe, HEAP_PROBE);
  const heapFile = join(webRoot, 'heap');
  const origin = `http://127.0.0.1:${PORT}`;
  const server = await startServer(PORT, {
    DATABASE_URL: url,
    PUBLIC_ORIGIN: origin,
    WEB_ROOT: webRoot,
    ACCESS_TOKEN_SECRET: 'bench-access-token-secret-0123456789abcdef',
    NODE_OPTIONS: `--expose-gc --import=${pathToFileURL(probe).href}`,
    HEAP_FILE: heapFile,
  });
  const memory = () => memoryOf(server.process.pid!, heapFile);
  // The peaks while the current file is read, and over the whole crawl (kB).
  const peak = { rss: 0, heap: 0 };
  const crawlPeak = { rss: 0, heap: 0 };
  const sample = () => {
    const now = memory();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heap);
  };
  const sampler = setInterval(sample, SAMPLE_MS);
  try {
    // Until the probe has written once.
    for (let waited = 0; memory().heap === 0; waited += SAMPLE_MS) {
      if (waited > 10_000) throw new Error('the heap probe did not start in the server');
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
    const before = memory();
    const table: Record<string, string | number>[] = [];
    const seen = new Map<string, number>();
    const read = async (address: string) => {
      peak.rss = 0;
      peak.heap = 0;
      sample();
      const started = performance.now();
      const response = await fetch(address);
      const body = await response.text();
      const ms = performance.now() - started;
      if (!response.ok) throw new Error(`${address}: ${response.status} ${body}`);
      sample();
      crawlPeak.rss = Math.max(crawlPeak.rss, peak.rss);
      crawlPeak.heap = Math.max(crawlPeak.heap, peak.heap);
      const found = locs(body);
      table.push({
        file: address.slice(origin.length),
        ms: Math.round(ms),
        KB: Math.round(Buffer.byteLength(body) / 1024),
        addresses: found.length,
        'peak RSS MB': mb(peak.rss),
        'peak heap MB': mb(peak.heap),
      });
      return found;
    };
    const started = performance.now();
    const files = await read(`${origin}/sitemap.xml`);
    for (const file of files) {
      for (const loc of await read(file)) seen.set(loc, (seen.get(loc) ?? 0) + 1);
    }
    const total = performance.now() - started;
    const after = memory();
    // What the server keeps once the files' garbage is collected.
    server.process.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 2 * SAMPLE_MS));
    const collected = memory();
    const count = (path: string) => [...seen.keys()].filter((loc) => loc.includes(path)).length;
    const twice = [...seen.values()].filter((n) => n > 1).length;
    console.table(table);
    console.log(
      `${forSale} cars for sale; the crawl listed ${count('/cars/')} cars and ` +
        `${count('/sellers/')} sellers in ${files.length} files (${twice} addresses twice), ` +
        `${(total / 1000).toFixed(1)} s in all; load average ${loadavg()[0]!.toFixed(1)} on ` +
        `${availableParallelism()} cores`,
    );
    console.log(
      `server, sampled every ${SAMPLE_MS} ms: RSS ${mb(before.rss)} MB before the crawl, ` +
        `peak ${mb(crawlPeak.rss)} MB, ${mb(after.rss)} MB after (VmHWM ${mb(after.hwm)} MB); ` +
        `heap in use ${mb(before.heap)} MB before, peak ${mb(crawlPeak.heap)} MB, ` +
        `${mb(after.heap)} MB after, ${mb(collected.heap)} MB after a full collection ` +
        `(RSS then ${mb(collected.rss)} MB)`,
    );
  } finally {
    clearInterval(sampler);
    await server.stop();
    rmSync(webRoot, { recursive: true, force: true });
  }
}

runMain(main);
