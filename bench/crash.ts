/**
 * `npm run bench:crash`: is every acknowledged write still there after the API process is
 * killed with SIGKILL?
 *
 * For each database (PGlite in a temporary folder; PostgreSQL too when DATABASE_URL is set or
 * Debian's cluster is available through scripts/postgres-for-tests.sh), the real server is
 * started in production mode, six sellers post cars and six buyers book them through the API
 * (8 writers at once), and at a random moment (after 150–250 acknowledged writes, plus a
 * random 0–20 ms) the process is killed with SIGKILL. It is started again on the same data:
 * it must open cleanly (migrations, health), and every write answered 201 before the kill must
 * be listed by the API. CRASH_CYCLES kills per database (default 5, about 1000 writes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { prepareBenchDatabase, signAccessToken } from '../server/test/bench-users';
import { root, startServer, type RunningServer } from './lib';

const PORT = Number(process.env.CRASH_PORT ?? 8481);
const CYCLES = Number(process.env.CRASH_CYCLES ?? 5);
const WRITERS = 8;
const SECRET = 'bench-crash-access-token-secret-of-at-least-32-chars';
/** Several of each, so no one's list reaches the API's list caps (500 rows). */
const USERS_PER_ROLE = 6;
const sellers = Array.from({ length: USERS_PER_ROLE }, (_, i) => ({
  email: `crash-seller-${i}@bench.cardealer.dev`,
  name: `Crash Seller ${i}`,
  role: 'Seller' as const,
}));
const buyers = Array.from({ length: USERS_PER_ROLE }, (_, i) => ({
  email: `crash-buyer-${i}@bench.cardealer.dev`,
  name: `Crash Buyer ${i}`,
  role: 'Buyer' as const,
}));
const token = (email: string) => signAccessToken(SECRET, email);

interface Outcome {
  database: string;
  cycles: number;
  acknowledged: number;
  products: number;
  orders: number;
  /** Acknowledged before a kill, missing after the restart. */
  lost: number;
  /** Sent but unanswered when the process died (may or may not have committed). */
  inFlightAtKill: number;
  restartSeconds: number[];
}

const random = (min: number, max: number) => min + Math.random() * (max - min);

function postgresUrl(): string | null {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  try {
    return execFileSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/** Every product and order id the API lists for the bench's users. */
async function listed(url: string): Promise<Set<string>> {
  const lists = await Promise.all([
    ...sellers.map((user) =>
      fetch(`${url}/api/seller-products/${encodeURIComponent(user.email)}`, {
        headers: { authorization: `bearer ${token(user.email)}` },
      }),
    ),
    ...buyers.map((user) =>
      fetch(`${url}/api/orders?email=${encodeURIComponent(user.email)}`, {
        headers: { authorization: `bearer ${token(user.email)}` },
      }),
    ),
  ]);
  const ids = new Set<string>();
  for (const response of lists) {
    if (!response.ok) throw new Error(`listing failed: ${response.status}`);
    for (const row of (await response.json()) as { _id: string }[]) ids.add(row._id);
  }
  return ids;
}

async function run(database: string, env: NodeJS.ProcessEnv): Promise<Outcome> {
  const acknowledged: { id: string; kind: 'product' | 'order' }[] = [];
  const productIds: string[] = [];
  const outcome: Outcome = {
    database,
    cycles: 0,
    acknowledged: 0,
    products: 0,
    orders: 0,
    lost: 0,
    inFlightAtKill: 0,
    restartSeconds: [],
  };
  const started = Date.now();
  let server: RunningServer = await startServer(PORT, env);
  console.log(`  ${database}: server up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const url = server.url;
    const target = Math.round(random(150, 250));
    let ackedThisCycle = 0;
    let inFlight = 0;
    let killed = false;
    const exited = new Promise<void>((resolve) => server.process.once('exit', () => resolve()));
    const kill = () => {
      if (killed) return;
      killed = true;
      setTimeout(() => server.process.kill('SIGKILL'), random(0, 20));
    };
    let n = 0;
    const writer = async () => {
      while (server.process.exitCode === null && server.process.signalCode === null) {
        const i = n++;
        const isOrder = i % 2 === 1 && productIds.length > 0;
        const user = (isOrder ? buyers : sellers)[Math.floor(i / 2) % USERS_PER_ROLE];
        const body = isOrder
          ? {
              buyerName: user.name,
              phone: '5551234567',
              meetLocation: `Booth ${i}`,
              productID: productIds[Math.floor(Math.random() * productIds.length)],
            }
          : {
              carName: `Crash car ${cycle}-${i}`,
              carPhoto: '/images/cars/car-01.svg',
              categoryName: 'Tesla',
              condition: 'Good',
              originalPrice: 50000,
              resalePrice: 40000,
              productLocation: 'Austin, TX',
              userYears: 2,
              productDescription: `Written in cycle ${cycle}`,
              sellerName: user.name,
            };
        inFlight++;
        try {
          const response = await fetch(`${url}/api/${isOrder ? 'orders' : 'category'}`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `bearer ${token(user.email)}`,
            },
            body: JSON.stringify(body),
          });
          const answer = (await response.json()) as { insertedId?: string; message?: string };
          inFlight--;
          if (response.status !== 201 || !answer.insertedId) {
            throw new Error(`unexpected answer ${response.status}: ${answer.message}`);
          }
          acknowledged.push({ id: answer.insertedId, kind: isOrder ? 'order' : 'product' });
          if (!isOrder) productIds.push(answer.insertedId);
          if (++ackedThisCycle >= target) kill();
        } catch (error) {
          if (server.process.exitCode === null && server.process.signalCode === null && !killed) {
            throw error;
          }
          // The process died with this request unanswered.
          return;
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    await exited;
    outcome.inFlightAtKill += inFlight;
    outcome.cycles++;

    const restart = Date.now();
    server = await startServer(PORT, env);
    const seconds = (Date.now() - restart) / 1000;
    outcome.restartSeconds.push(seconds);
    const present = await listed(server.url);
    const lost = acknowledged.filter((write) => !present.has(write.id));
    outcome.lost = lost.length;
    console.log(
      `  ${database} cycle ${cycle}: killed after ${ackedThisCycle} acknowledged writes ` +
        `(${inFlight} in flight); reopened in ${seconds.toFixed(1)} s; ` +
        `${acknowledged.length - lost.length}/${acknowledged.length} acknowledged writes present`,
    );
    if (lost.length)
      console.log(
        `    lost: ${lost
          .slice(0, 10)
          .map((w) => `${w.kind} ${w.id}`)
          .join(', ')}`,
      );
  }
  outcome.acknowledged = acknowledged.length;
  outcome.products = acknowledged.filter((w) => w.kind === 'product').length;
  outcome.orders = acknowledged.length - outcome.products;
  await server.stop();
  return outcome;
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  const common = {
    ACCESS_TOKEN_SECRET: SECRET,
    RATE_LIMIT_JWT: '0',
    RATE_LIMIT_USERS: '0',
    RATE_LIMIT_UPLOADS: '0',
    RATE_LIMIT_ORDERS: '0',
    RATE_LIMIT_CAR_POSTS: '0',
    RATE_LIMIT_CAR_POSTS_DAY: '0',
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-crash-'));
  try {
    await prepareBenchDatabase({ pgliteDir: join(dataDir, 'pglite') }, [...sellers, ...buyers]);
    outcomes.push(await run('PGlite', { ...common, DATA_DIR: dataDir, DATABASE_URL: '' }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const url = postgresUrl();
  if (url) {
    const name = `cardealer_crash_${process.pid}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const pgDataDir = mkdtempSync(join(tmpdir(), 'cardealer-crash-pg-'));
    try {
      await prepareBenchDatabase({ databaseUrl: target.toString() }, [...sellers, ...buyers]);
      outcomes.push(
        await run('PostgreSQL', {
          ...common,
          DATA_DIR: pgDataDir,
          DATABASE_URL: target.toString(),
        }),
      );
    } finally {
      rmSync(pgDataDir, { recursive: true, force: true });
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    }
  } else {
    console.log(
      'PostgreSQL: not available (set DATABASE_URL or install Debian postgresql); skipped',
    );
  }

  console.log(
    '\n| database | SIGKILLs | writes acknowledged (products + orders) | lost | in flight at kills | reopen (s) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const o of outcomes) {
    const reopen = o.restartSeconds;
    console.log(
      `| ${o.database} | ${o.cycles} | ${o.acknowledged} (${o.products} + ${o.orders}) | ${o.lost} | ` +
        `${o.inFlightAtKill} | ${Math.min(...reopen).toFixed(1)}–${Math.max(...reopen).toFixed(1)} |`,
    );
  }
  process.exitCode = outcomes.some((o) => o.lost > 0) ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
