/**
 * `npm run bench:replicas`: the API as 1, 2 and 3 replicas behind HAProxy (the setup of
 * `npm run start:cluster`, scripts/lib/cluster.ts), on one PostgreSQL. For each replica count:
 * a fresh database `cardealer_bench_replicas` (on the server of BENCH_DATABASE_URL, default
 * Debian's local cluster as the tests use it; dropped and created again each time) with 40
 * sellers, 400 buyers and 2,000 cars; the replicas in production mode; HAProxy in front. Then
 * autocannon through HAProxy, 64 connections, BENCH_SECONDS each (default 15, after 3 s of
 * warm-up), one case after another:
 *   GET /api/categories, GET /api/advertisment, GET /api/category-products/BMW?limit=24,
 *   GET /api/products?minPrice=… (a search no cache holds: every request a new price),
 *   POST /api/orders (bookings by the 400 buyers, every request a new buyer-and-car pair);
 * then a seller changes a car's price and reads it back at once, 100 times (bench/replica-probes.ts:
 * how many reads missed the write, and what the write's answer took).
 * Then (unless BENCH_STANDBY=0) the same with 3 replicas on a primary of its own with a streaming
 * standby (scripts/lib/postgres-pair.ts; ports 5470, 5471) that the replicas read the catalogue
 * from (DATABASE_READ_URL): where the searches' reads of the cars were answered, and a last case
 * of new searches with the standby killed (SIGKILL) a third of the way in.
 * Prints requests/s, p50/p99 latency and errors (failed, non-2xx, timeouts; the goal is none).
 * Ports 8600 (HAProxy) and 8601–8603. Everything here (load generator, HAProxy, replicas,
 * PostgreSQL) shares the machine's cores.
 */
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../server/src/platform/db/client';
import { startPostgresPair } from '../scripts/lib/postgres-pair';
import { seedReferenceData } from '../server/src/scripts/seed';
import {
  startHaproxy,
  startReplica,
  waitForHttp,
  waitForReplicas,
  type Replica,
} from '../scripts/lib/cluster';
import { stopProcess } from '../scripts/lib/processes';
import { root } from './lib';
import { freshness, newSearches, scansOfCars } from './replica-probes';
import { accessToken, BENCH_SECRET } from './scale';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 64;
const COUNTS = (process.env.BENCH_REPLICAS ?? '1,2,3').split(',').map(Number);
const STANDBY = process.env.BENCH_STANDBY !== '0';
const PORT = 8600;
const PAIR_PORT = 5470;
const DATABASE = 'cardealer_bench_replicas';
const SIZES = { sellers: 40, buyers: 400, products: 2000 };
const CATEGORIES = ['Tesla', 'Ferrari', 'BMW', 'Lamborghini'];

/** The server to make the bench database on (any database of it: only the server is used). */
function serverUrl(): string {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const found = spawnSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
    encoding: 'utf8',
  });
  if (found.status !== 0) throw new Error('no PostgreSQL: set BENCH_DATABASE_URL');
  return found.stdout.trim();
}

/** A fresh, migrated database with the bench's sellers, buyers and cars; answers its URL. */
async function freshDatabase(base: string): Promise<string> {
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${DATABASE}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  const { sellers, buyers, products } = SIZES;
  await client.query(`
    insert into users (id, name, email, user_role)
      select 'rs' || g, 'Seller ' || g, 'replica-seller-' || g || '@bench.test', 'Seller'
      from generate_series(0, ${sellers - 1}) g
    union all
      select 'rb' || g, 'Buyer ' || g, 'replica-buyer-' || g || '@bench.test', 'Buyer'
      from generate_series(0, ${buyers - 1}) g`);
  await client.query(
    `
    insert into products (id, car_name, car_photo, category_name, condition, original_price,
      resale_price, product_location, user_years, post_time, product_description, seller_name,
      email, advertisement, created_at)
    select 'rp' || g, 'Car ' || g, '/images/cars/car-01.svg', ($1::text[])[1 + g % 4], 'Good',
           50000, 40000, 'Austin, TX', 2, 'now', 'A car for the replica bench',
           'Seller ' || (g % ${sellers}), 'replica-seller-' || (g % ${sellers}) || '@bench.test',
           case when g % 4 = 0 then 'true' else 'false' end, now() - g * interval '1 minute'
    from generate_series(0, ${products - 1}) g`,
    [CATEGORIES],
  );
  await client.query('vacuum analyze');
  await client.end();
  return url.toString();
}

interface Row {
  replicas: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

async function measure(
  replicas: string,
  name: string,
  path: string,
  options: Partial<autocannon.Options> = {},
): Promise<Row> {
  const url = `http://127.0.0.1:${PORT}${path}`;
  await autocannon({ url, connections: CONNECTIONS, duration: Math.min(3, SECONDS), ...options });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options });
  const row = {
    replicas,
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
  console.log(
    `| ${replicas} | ${name} | ${row.rps} | ${row.p50} ms | ${row.p99} ms | ${row.errors} of ${row.requests} |`,
  );
  return row;
}

/** Every request a booking of a new (buyer, car) pair, so none is refused as a second booking. */
function bookings(): Partial<autocannon.Options> {
  let n = 0;
  const tokens = Array.from({ length: SIZES.buyers }, (_, i) =>
    accessToken(`replica-buyer-${i}@bench.test`, BENCH_SECRET),
  );
  return {
    requests: [
      {
        method: 'POST',
        path: '/api/orders',
        setupRequest: (request) => {
          const k = n++;
          const buyer = k % SIZES.buyers;
          const car = Math.floor(k / SIZES.buyers) % SIZES.products;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `bearer ${tokens[buyer]}`,
            },
            body: JSON.stringify({
              buyerName: `Buyer ${buyer}`,
              phone: '5551234567',
              meetLocation: 'Main St',
              productID: `rp${car}`,
            }),
          };
        },
      },
    ],
  };
}

/** The standby of a run: its URL (of the bench's database) and its postmaster's process id. */
interface StandbyTarget {
  url: string;
  pid: number;
}

async function run(count: number, base: string, standby?: StandbyTarget): Promise<Row[]> {
  const databaseUrl = await freshDatabase(base);
  const label = standby ? `${count} + standby` : String(count);
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-bench-replicas-'));
  const replicas: Replica[] = [];
  let haproxy: ReturnType<typeof startHaproxy> | undefined;
  try {
    for (let i = 1; i <= count; i++) {
      replicas.push(
        startReplica({
          index: i,
          port: PORT + i,
          dataDir: join(dataDir, `replica-${i}`),
          logFile: join(dataDir, `replica-${i}.log`),
          env: {
            APP_MODE: 'production',
            FIREBASE_AUTH_EMULATOR_HOST: '',
            DATABASE_URL: databaseUrl,
            DATABASE_READ_URL: standby?.url ?? '',
            ACCESS_TOKEN_SECRET: BENCH_SECRET,
            RATE_LIMIT_ORDERS: '0',
            RATE_LIMIT_CAR_EDITS: '0',
            RATE_LIMIT_CAR_EDITS_DAY: '0',
          },
        }),
      );
    }
    await waitForReplicas(replicas, 120_000);
    haproxy = startHaproxy(
      join(dataDir, 'haproxy.cfg'),
      { host: '127.0.0.1', port: PORT, replicas },
      join(dataDir, 'haproxy.log'),
    );
    await waitForHttp(`http://127.0.0.1:${PORT}/api/health`, haproxy, 30_000);
    const rows = [
      await measure(label, 'GET /api/categories', '/api/categories'),
      await measure(label, 'GET /api/advertisment', '/api/advertisment'),
      await measure(
        label,
        'GET /api/category-products/BMW?limit=24',
        '/api/category-products/BMW?limit=24',
      ),
    ];
    const scans = async () =>
      standby ? [await scansOfCars(databaseUrl), await scansOfCars(standby.url)] : [0, 0];
    const before = await scans();
    rows.push(await measure(label, 'GET /api/products (new searches)', '/', newSearches()));
    if (standby) {
      // Statistics reach the views within a second or so of a connection's last query.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const [primary, onStandby] = (await scans()).map((n, i) => n - before[i]!);
      const share = Math.round((100 * onStandby!) / Math.max(1, primary! + onStandby!));
      console.log(
        `|   | reads of the cars during the searches: ${onStandby} on the standby, ${primary} on the primary (${share} % on the standby) | | | | |`,
      );
    }
    rows.push(await measure(label, 'POST /api/orders (bookings)', '/api/orders', bookings()));
    const fresh = await freshness(
      `http://127.0.0.1:${PORT}`,
      'replica-seller-0@bench.test',
      'rp0',
      100,
    );
    console.log(
      `|   | a price changed, then read back at once, ${fresh.rounds} times: ${fresh.stale} reads stale; the write answered in ${fresh.writeP50} ms (p50), ${fresh.writeP99} ms (p99) | | | | |`,
    );
    if (standby) {
      // New searches while the standby dies: none may fail.
      const killer = setTimeout(() => process.kill(standby.pid, 'SIGKILL'), (SECONDS * 1000) / 3);
      rows.push(
        await measure(
          label,
          'GET /api/products (new searches), standby killed',
          '/',
          newSearches(),
        ),
      );
      clearTimeout(killer);
    }
    return rows;
  } finally {
    if (haproxy) await stopProcess(haproxy);
    await Promise.all(replicas.map((replica) => replica.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Three replicas on a primary of the bench's own with a streaming standby. */
async function runWithStandby(): Promise<Row[]> {
  const pairDir = mkdtempSync(join(tmpdir(), 'cardealer-bench-standby-'));
  const pair = await startPostgresPair({
    dir: pairDir,
    primaryPort: PAIR_PORT,
    standbyPorts: [PAIR_PORT + 1],
    database: 'postgres',
    fresh: true,
    unsafeFast: false,
  });
  try {
    const standbyUrl = new URL(pair.standbyUrls[0]!);
    standbyUrl.pathname = `/${DATABASE}`;
    return await run(3, pair.primaryUrl, {
      url: standbyUrl.toString(),
      pid: pair.standbyPids()[0]!,
    });
  } finally {
    await pair.stop({ removeAll: true });
  }
}

async function main(): Promise<void> {
  const base = serverUrl();
  console.log(
    `\nThrough HAProxy, ${CONNECTIONS} connections, ${SECONDS} s per case, ${availableParallelism()} cores (load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})\n`,
  );
  console.log('| replicas | case | requests/s | p50 | p99 | errors |\n|---|---|---|---|---|---|');
  const rows: Row[] = [];
  for (const count of COUNTS) rows.push(...(await run(count, base)));
  if (STANDBY) rows.push(...(await runWithStandby()));
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  console.log(`\n${errors === 0 ? 'ok' : 'FAILED'}: ${errors} errors in all`);
  process.exitCode = errors === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
