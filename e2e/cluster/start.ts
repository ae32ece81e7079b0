/**
 * Starts the cluster for its browser tests, then `npm run start:cluster` in this process (it
 * stops everything on SIGTERM), with a fresh data folder and a fresh database: with STANDBYS (as
 * cluster.config.ts sets) a PostgreSQL primary and standbys of the cluster's own, made anew
 * (CLUSTER_PG_FRESH); without, a fresh database on the test PostgreSQL (DATABASE_URL, else
 * Debian's cluster as the server tests use it).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { Client } from 'pg';

const root = resolve(__dirname, '..', '..');
const DATABASE = 'cardealer_e2e_cluster';

/** A fresh database on the test PostgreSQL, as DATABASE_URL. */
async function freshTestDatabase(): Promise<void> {
  const server =
    process.env.DATABASE_URL ||
    execFileSync('bash', [resolve(root, 'scripts', 'postgres-for-tests.sh')], {
      encoding: 'utf8',
    }).trim();
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${DATABASE}`;
  process.env.DATABASE_URL = url.toString();
}

async function main(): Promise<void> {
  if (Number(process.env.STANDBYS ?? 0) > 0) {
    // The test run's DATABASE_URL is the server tests' PostgreSQL: the cluster makes its own.
    delete process.env.DATABASE_URL;
  } else {
    await freshTestDatabase();
  }
  // The journeys' sellers post many cars on their first day: none waits for approval.
  process.env.NEW_SELLER_DAILY_CARS ??= '0';
  if (process.env.DATA_DIR) rmSync(process.env.DATA_DIR, { recursive: true, force: true });
  await import('../../scripts/start-cluster');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
