/**
 * `npm run bench:soak`: mixed reads and writes at 32 connections against the production-mode
 * server on loopback (PGlite in a temporary folder; DATABASE_URL for PostgreSQL), for
 * SOAK_SECONDS (default 600). Reports requests, errors (connection errors, timeouts and any
 * answer that is not 2xx) and the server's resident memory (RSS) at minute 2 and at the end:
 * it must grow less than 10% in between. Rate limits are off for the run.
 *
 * The traffic, per connection in turn: the catalogue (categories, advertised, a page of a
 * category), a buyer's orders, a seller's products, a new car (seller), a booking (buyer).
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareBenchDatabase, signAccessToken } from '../server/test/bench-users';
import { startServer } from './lib';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = 32;
const PORT = Number(process.env.SOAK_PORT ?? 8482);
const SECRET = 'bench-soak-access-token-secret-of-at-least-32-chars';
/** When the memory baseline is taken: minute 2, or a fifth of a shorter run. */
const BASELINE_SECONDS = Math.min(120, Math.round(SECONDS / 5));

const sellers = Array.from({ length: 8 }, (_, i) => ({
  email: `soak-seller-${i}@bench.cardealer.dev`,
  name: `Soak Seller ${i}`,
  role: 'Seller' as const,
}));
const buyers = Array.from({ length: 8 }, (_, i) => ({
  email: `soak-buyer-${i}@bench.cardealer.dev`,
  name: `Soak Buyer ${i}`,
  role: 'Buyer' as const,
}));
const auth = (email: string) => ({
  authorization: `bearer ${signAccessToken(SECRET, email, 7 * 24 * 3600)}`,
});
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

function product(i: number) {
  return {
    carName: `Soak car ${i}`,
    carPhoto: '/images/cars/car-02.svg',
    categoryName: pick(['Tesla', 'Ferrari', 'BMW', 'Lamborghini']),
    condition: pick(['Excellent', 'Good', 'Fair']),
    originalPrice: 60000,
    resalePrice: 45000,
    productLocation: 'Austin, TX',
    userYears: 3,
    productDescription: 'Written by the soak test.',
    sellerName: 'Soak Seller',
  };
}

/**
 * What the soak's connections ask, in turn: the public lists, a buyer's bookings, a seller's cars,
 * a new car, and a booking of one of `productIds`.
 */
function soakRequests(productIds: string[]): autocannon.Request[] {
  let written = 0;
  return [
    { method: 'GET', path: '/api/categories' },
    { method: 'GET', path: '/api/advertisment' },
    {
      method: 'GET',
      setupRequest: (request) => ({
        ...request,
        path: `/api/category-products/${pick(['Tesla', 'Ferrari', 'BMW', 'Lamborghini'])}?limit=20`,
      }),
    },
    {
      method: 'GET',
      setupRequest: (request) => {
        const buyer = pick(buyers);
        return {
          ...request,
          path: `/api/orders?email=${encodeURIComponent(buyer.email)}`,
          headers: auth(buyer.email),
        };
      },
    },
    {
      method: 'GET',
      setupRequest: (request) => {
        const seller = pick(sellers);
        return {
          ...request,
          path: `/api/seller-products/${encodeURIComponent(seller.email)}`,
          headers: auth(seller.email),
        };
      },
    },
    {
      method: 'POST',
      path: '/api/category',
      setupRequest: (request) => ({
        ...request,
        headers: { 'content-type': 'application/json', ...auth(pick(sellers).email) },
        body: JSON.stringify(product(written++)),
      }),
    },
    {
      method: 'POST',
      path: '/api/orders',
      setupRequest: (request) => {
        const buyer = pick(buyers);
        return {
          ...request,
          headers: { 'content-type': 'application/json', ...auth(buyer.email) },
          body: JSON.stringify({
            buyerName: buyer.name,
            phone: '5551234567',
            meetLocation: 'Main St',
            productID: pick(productIds),
          }),
        };
      },
    },
  ];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-soak-'));
  const databaseUrl = process.env.DATABASE_URL || '';
  await prepareBenchDatabase(
    databaseUrl ? { databaseUrl } : { pgliteDir: join(dataDir, 'pglite') },
    [...sellers, ...buyers],
  );
  const server = await startServer(PORT, {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ACCESS_TOKEN_SECRET: SECRET,
    RATE_LIMIT_JWT: '0',
    RATE_LIMIT_USERS: '0',
    RATE_LIMIT_UPLOADS: '0',
    RATE_LIMIT_ORDERS: '0',
    RATE_LIMIT_CAR_POSTS: '0',
    RATE_LIMIT_CAR_POSTS_DAY: '0',
  });
  const pid = server.process.pid!;
  try {
    // Some cars to book from the start.
    const productIds: string[] = [];
    for (let i = 0; i < 40; i++) {
      const response = await fetch(`${server.url}/api/category`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth(sellers[i % sellers.length].email) },
        body: JSON.stringify(product(i)),
      });
      if (response.status !== 201) throw new Error(`seeding cars: ${response.status}`);
      productIds.push(((await response.json()) as { insertedId: string }).insertedId);
    }

    const samples: { second: number; rss: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      samples.push({ second: (Date.now() - started) / 1000, rss: rssMb(pid) });
    }, 5000);
    const statuses: Record<string, number> = {};

    console.log(
      `soak: ${SECONDS} s, ${CONNECTIONS} connections, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ` +
        `server RSS at start ${rssMb(pid).toFixed(0)} MB`,
    );
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: soakRequests(productIds),
      setupClient: (client) => {
        client.on('response', (statusCode) => {
          statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
        });
      },
    });
    clearInterval(sampler);
    samples.push({ second: (Date.now() - started) / 1000, rss: rssMb(pid) });

    const baseline =
      samples.find((s) => s.second >= BASELINE_SECONDS) ?? samples[samples.length - 1];
    const end = samples[samples.length - 1];
    const growth = ((end.rss - baseline.rss) / baseline.rss) * 100;
    const peak = Math.max(...samples.map((s) => s.rss));
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(`\nrequests: ${result.requests.total} (${result.requests.average.toFixed(0)}/s)`);
    console.log(
      `latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    console.log(`answers by status: ${JSON.stringify(statuses)}`);
    console.log(
      `errors: ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, ` +
        `non-2xx ${result.non2xx})`,
    );
    console.log(
      `server RSS: ${baseline.rss.toFixed(0)} MB at ${baseline.second.toFixed(0)} s, ` +
        `${end.rss.toFixed(0)} MB at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%), ` +
        `peak ${peak.toFixed(0)} MB`,
    );
    console.log(
      `RSS every minute (MB): ${samples
        .filter((_s, i) => i % 12 === 11)
        .map((s) => s.rss.toFixed(0))
        .join(' ')}`,
    );
    const ok = errors === 0 && growth < 10;
    console.log(ok ? 'PASS' : 'FAIL: errors, or RSS grew 10% or more');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
