/**
 * `npm run bench:restart`: a rolling restart of three replicas under load costs no request.
 * Three replicas in production mode behind HAProxy (the setup of `npm run start:cluster`,
 * scripts/lib/cluster.ts) on a fresh PostgreSQL database `cardealer_bench_restart` (the server of
 * BENCH_DATABASE_URL, default Debian's local cluster as the tests use it) with 40 sellers, 400
 * buyers and 2,000 cars. Two loads through HAProxy at once, 8 connections each: new searches
 * (every request a new price, so no cache answers) and bookings (every request a new buyer and
 * car). After BENCH_WARMUP seconds (default 5) the replicas restart one at a time as
 * `npm run cluster:restart` does (scripts/lib/rolling-restart.ts: each told to stop with SIGTERM,
 * started again, the next once it is ready and back in rotation); the loads go on 3 s more.
 * Prints the requests and every failure (a connection error, a timeout, an answer not 2xx);
 * the goal is none. Ports 8660 (HAProxy) and 8661–8663.
 */
import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startHaproxy,
  startReplica,
  waitForHttp,
  waitForReplicas,
  type Replica,
} from '../scripts/lib/cluster';
import { restartOneByOne } from '../scripts/lib/rolling-restart';
import { newSearches } from './replica-probes';
import { bookings, freshDatabase, serverUrl, stopBenchCluster } from './replica-setup';
import { BENCH_SECRET } from './scale';

const PORT = 8660;
const REPLICAS = 3;
const CONNECTIONS = 8;
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);

/** One load, until `stop()`: what it sent and what failed. */
function load(name: string, options: Partial<autocannon.Options>) {
  const statuses = new Map<number, number>();
  let finished: (result: autocannon.Result) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve) => (finished = resolve));
  const instance = autocannon(
    { url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: 3600, ...options },
    (_error, result) => finished(result),
  );
  instance.on('response', (_client, status) => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  return {
    async stop() {
      instance.stop();
      const result = await done;
      const failed = result.errors + result.timeouts + result.non2xx;
      const codes = [...statuses].map(([code, n]) => `${code}×${n}`).join(', ');
      console.log(
        `| ${name} | ${result.requests.total} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${failed} (${codes}; ${result.errors} errors, ${result.timeouts} timeouts) |`,
      );
      return failed;
    },
  };
}

async function main(): Promise<void> {
  const databaseUrl = await freshDatabase(serverUrl(), 'cardealer_bench_restart');
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-bench-restart-'));
  const replicas: Replica[] = [];
  let haproxy: ReturnType<typeof startHaproxy> | undefined;
  const launch = (i: number) =>
    startReplica({
      index: i + 1,
      port: PORT + 1 + i,
      dataDir: join(dataDir, `replica-${i + 1}`),
      logFile: join(dataDir, `replica-${i + 1}.log`),
      env: {
        APP_MODE: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        DATABASE_URL: databaseUrl,
        ACCESS_TOKEN_SECRET: BENCH_SECRET,
        RATE_LIMIT_ORDERS: '0',
        METRICS_PORT: '0',
      },
    });
  try {
    for (let i = 0; i < REPLICAS; i++) replicas.push(launch(i));
    await waitForReplicas(replicas, 120_000);
    haproxy = startHaproxy(
      join(dataDir, 'haproxy.cfg'),
      { host: '127.0.0.1', port: PORT, replicas },
      join(dataDir, 'haproxy.log'),
    );
    await waitForHttp(`http://127.0.0.1:${PORT}/api/health/ready`, haproxy, 30_000);
    console.log(
      `\nA rolling restart of ${REPLICAS} replicas under load, ${availableParallelism()} cores (load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
    );
    const loads = [
      load('GET /api/products (new searches)', newSearches()),
      load('POST /api/orders (bookings)', bookings()),
    ];
    await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
    const started = Date.now();
    await restartOneByOne(replicas, launch, { dataDir });
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    console.log('| load | requests | p50 | p99 | failed |\n|---|---|---|---|---|');
    let failed = 0;
    for (const running of loads) failed += await running.stop();
    console.log(
      `\nThe restart took ${seconds.toFixed(1)} s; ${failed === 0 ? 'ok' : 'FAILED'}: ${failed} failed requests`,
    );
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    await stopBenchCluster(haproxy, replicas, dataDir);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
