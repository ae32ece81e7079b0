/**
 * `npm run bench:failover`: what the loss of the primary's node and a rolling restart cost under
 * load. Three replicas in production mode behind HAProxy (port 8690, replicas 8691–8693) on
 * PostgreSQL under Patroni, two nodes with HAProxy in front (scripts/lib/patroni.ts: base port
 * 5790, a folder of its own made afresh), on a database with 40 sellers, 400 buyers and 2,000
 * cars. Steady load through HAProxy: SEARCHERS loops of new searches (a price no cache holds)
 * and BOOKERS loops of bookings (every request a new buyer-and-car pair), each the next request
 * once the last answered.
 *   1. After BENCH_WARMUP seconds (default 5) the primary's node is killed (its Patroni and its
 *      postmaster, SIGKILL); once the standby is promoted the load goes on 10 s, then the old
 *      node is started again and waited for until it follows the new primary.
 *   2. The replicas restart one at a time (as `npm run cluster:restart`) under the same load.
 * Reports for each: the seconds of refused writes (from the first booking refused, a 503 or an
 * error, to the last), the bookings acknowledged (2xx) that are not in the database after,
 * and the failed reads (the goal: at most 30 s, none, none; and no failed request during the
 * rolling restart).
 */
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  startHaproxy,
  startReplica,
  waitForHttp,
  waitForReplicas,
  type Replica,
} from '../scripts/lib/cluster';
import { startPatroni, type PatroniCluster } from '../scripts/lib/patroni';
import {
  killPrimaryNode,
  waitForNewPrimary,
  waitForSyncStandby,
  waitUntilFollows,
} from '../scripts/lib/patroni-control';
import { restartOneByOne } from '../scripts/lib/rolling-restart';
import { freshDatabase, SIZES, stopBenchCluster } from './replica-setup';
import { accessToken, BENCH_SECRET } from './scale';

const PORT = 8690;
const PG_PORT = 5790;
const REPLICAS = 3;
const SEARCHERS = 4;
const BOOKERS = 4;
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 5);
const DATABASE = 'cardealer_bench_failover';
const base = `http://127.0.0.1:${PORT}`;

/** One request's outcome: when it was sent (ms since the epoch), and what came back. */
interface Outcome {
  at: number;
  ok: boolean;
  status: number;
  /** A booking's id, when it was acknowledged. */
  id?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loops of requests until `stop()`; each loop sends its next request once the last answered. */
function loops(
  count: number,
  request: (n: number) => Promise<Outcome>,
): { outcomes: Outcome[]; stop(): Promise<Outcome[]> } {
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  const workers = Array.from({ length: count }, async () => {
    while (running) outcomes.push(await request(n++));
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

async function send(path: string, init: RequestInit = {}): Promise<Outcome> {
  const at = Date.now();
  try {
    const response = await fetch(`${base}${path}`, {
      ...init,
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as { insertedId?: string };
    return { at, ok: response.ok, status: response.status, id: body.insertedId };
  } catch {
    return { at, ok: false, status: 0 };
  }
}

/** The loads: new searches, and bookings by the bench's buyers (each pair once). */
function startLoads(offset: number) {
  const tokens = Array.from({ length: SIZES.buyers }, (_, i) =>
    accessToken(`replica-buyer-${i}@bench.test`, BENCH_SECRET),
  );
  const searches = loops(SEARCHERS, (n) =>
    send(`/api/products?minPrice=${((n + offset) % 30_000) + 1}&limit=24`),
  );
  const bookings = loops(BOOKERS, (n) => {
    const k = n + offset;
    const buyer = k % SIZES.buyers;
    const car = Math.floor(k / SIZES.buyers) % SIZES.products;
    return send('/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `bearer ${tokens[buyer]}` },
      body: JSON.stringify({
        buyerName: `Buyer ${buyer}`,
        phone: '5551234567',
        meetLocation: 'Main St',
        productID: `rp${car}`,
      }),
    });
  });
  return { searches, bookings };
}

/** What a phase cost: refused writes' span, lost acknowledged writes, failed reads. */
async function report(
  name: string,
  databaseUrl: string,
  reads: Outcome[],
  writes: Outcome[],
): Promise<{ refusedSeconds: number; lost: number; failedReads: number; failedWrites: number }> {
  const refused = writes.filter((outcome) => !outcome.ok);
  const refusedSeconds = refused.length === 0 ? 0 : (refused.at(-1)!.at - refused[0]!.at) / 1000;
  const acknowledged = writes.filter((outcome) => outcome.ok && outcome.id).map((o) => o.id!);
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ id: string }>('select id from orders where id = any($1)', [
    acknowledged,
  ]);
  await client.end();
  const lost = acknowledged.length - rows.length;
  const failedReads = reads.filter((outcome) => !outcome.ok).length;
  const statuses = (list: Outcome[]) =>
    [...new Set(list.map((o) => o.status))].map((s) => (s === 0 ? 'error' : s)).join(', ');
  console.log(
    `| ${name} | ${reads.length} (${failedReads} failed${failedReads ? `: ${statuses(reads.filter((o) => !o.ok))}` : ''}) | ${writes.length} (${refused.length} refused${refused.length ? `: ${statuses(refused)}` : ''}) | ${refusedSeconds.toFixed(1)} s | ${lost} of ${acknowledged.length} |`,
  );
  return { refusedSeconds, lost, failedReads, failedWrites: refused.length };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Kills the primary's node under load; answers what it cost. */
async function failover(patroni: PatroniCluster, databaseUrl: string) {
  const loads = startLoads(0);
  await sleep(WARMUP_S * 1000);
  await waitForSyncStandby(patroni.nodes);
  const killedAt = Date.now();
  const old = await killPrimaryNode(patroni.nodes);
  const promoted = await waitForNewPrimary(patroni.nodes, old, 60_000);
  const promotion = (Date.now() - killedAt) / 1000;
  await sleep(10_000);
  patroni.restartNode(old);
  const restarted = Date.now();
  await waitUntilFollows(patroni.nodes, old);
  const rejoin = (Date.now() - restarted) / 1000;
  await sleep(3000);
  const [reads, writes] = await Promise.all([loads.searches.stop(), loads.bookings.stop()]);
  console.log(
    `\n1. The primary's node (${old}) killed: ${promoted} promoted ${promotion.toFixed(1)} s later; ${old} started again followed it ${rejoin.toFixed(1)} s later (load ${load()})\n`,
  );
  console.log('| phase | reads (failed) | bookings (refused) | refused for | acknowledged lost |');
  console.log('|---|---|---|---|---|');
  return report('primary killed', databaseUrl, reads, writes);
}

/** Restarts the replicas one at a time under load; answers what it cost. */
async function rollingRestart(
  replicas: Replica[],
  launch: (i: number) => Replica,
  dataDir: string,
  databaseUrl: string,
) {
  const loads = startLoads(200_000);
  await sleep(WARMUP_S * 1000);
  const started = Date.now();
  await restartOneByOne(replicas, launch, { dataDir });
  const seconds = (Date.now() - started) / 1000;
  await sleep(3000);
  const [reads, writes] = await Promise.all([loads.searches.stop(), loads.bookings.stop()]);
  console.log(
    `\n2. A rolling restart of ${REPLICAS} replicas: ${seconds.toFixed(1)} s (load ${load()})\n`,
  );
  console.log('| phase | reads (failed) | bookings (refused) | refused for | acknowledged lost |');
  console.log('|---|---|---|---|---|');
  return report('rolling restart', databaseUrl, reads, writes);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-bench-failover-'));
  const patroni = await startPatroni({
    dir: '/var/lib/postgresql/cardealer/bench-failover',
    basePort: PG_PORT,
    standbys: 1,
    database: 'postgres',
    fresh: true,
  });
  const replicas: Replica[] = [];
  let haproxy: ReturnType<typeof startHaproxy> | undefined;
  try {
    const databaseUrl = await freshDatabase(patroni.primaryUrl, DATABASE);
    const readUrl = new URL(patroni.standbyUrl);
    readUrl.pathname = `/${DATABASE}`;
    // Production mode, the bench's token secret, no limit on bookings, no metrics port.
    const env = {
      ...{ APP_MODE: 'production', FIREBASE_AUTH_EMULATOR_HOST: '', METRICS_PORT: '0' },
      ...{ DATABASE_URL: databaseUrl, DATABASE_READ_URL: readUrl.toString() },
      ...{ ACCESS_TOKEN_SECRET: BENCH_SECRET, RATE_LIMIT_ORDERS: '0' },
    };
    const launch = (i: number) => {
      const name = `replica-${i + 1}`;
      const where = { dataDir: join(dataDir, name), logFile: join(dataDir, `${name}.log`) };
      return startReplica({ index: i + 1, port: PORT + 1 + i, ...where, env });
    };
    replicas.push(...Array.from({ length: REPLICAS }, (_, i) => launch(i)));
    await waitForReplicas(replicas, 120_000);
    const balancer = { host: '127.0.0.1', port: PORT, replicas };
    haproxy = startHaproxy(join(dataDir, 'haproxy.cfg'), balancer, join(dataDir, 'haproxy.log'));
    await waitForHttp(`${base}/api/health/ready`, haproxy, 30_000);
    console.log(
      `\nFailover and rolling restart under load: ${SEARCHERS} search loops and ${BOOKERS} booking loops through HAProxy, ${REPLICAS} replicas, ${availableParallelism()} cores (load ${load()})`,
    );
    const lost = await failover(patroni, databaseUrl);
    const restart = await rollingRestart(replicas, launch, dataDir, databaseUrl);
    const ok =
      lost.refusedSeconds <= 30 &&
      lost.lost === 0 &&
      lost.failedReads === 0 &&
      restart.failedReads + restart.failedWrites + restart.lost === 0;
    console.log(`\n${ok ? 'ok' : 'FAILED'}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    await stopBenchCluster(haproxy, replicas, dataDir);
    await patroni.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
