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
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgresPair } from '../scripts/lib/postgres-pair';
import {
  startHaproxy,
  startReplica,
  waitForHttp,
  waitForReplicas,
  type Replica,
} from '../scripts/lib/cluster';
import { freshness, newSearches, scansOfCars } from './replica-probes';
import { bookings, freshDatabase, serverUrl, stopBenchCluster } from './replica-setup';
import { BENCH_SECRET } from './scale';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 64;
const COUNTS = (process.env.BENCH_REPLICAS ?? '1,2,3').split(',').map(Number);
const STANDBY = process.env.BENCH_STANDBY !== '0';
const PORT = 8600;
const PAIR_PORT = 5470;
const DATABASE = 'cardealer_bench_replicas';

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

/** The standby of a run: its URL (of the bench's database) and its postmaster's process id. */
interface StandbyTarget {
  url: string;
  pid: number;
}

async function run(count: number, base: string, standby?: StandbyTarget): Promise<Row[]> {
  const databaseUrl = await freshDatabase(base, DATABASE);
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
    await stopBenchCluster(haproxy, replicas, dataDir);
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
