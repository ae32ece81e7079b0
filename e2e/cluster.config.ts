import { defineConfig } from '@playwright/test';
import { resolve } from 'node:path';
import { chromiumArgs, testBrowserPath } from './chromium';
import { RAISED_LIMITS } from './limits';

/**
 * Browser tests against the product as a cluster: `npm run start:cluster` with three replicas
 * behind HAProxy on a fresh PostgreSQL of its own, two nodes under Patroni (a primary and a
 * synchronous standby, failing over on their own; e2e/cluster/start.ts), each replica with its
 * own data folder, reading the catalogue from the standby. Round robin sends each request of a
 * page to the next replica.
 */
const root = resolve(__dirname, '..');
export const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT ?? 8580);
export const CLUSTER_DATA_DIR = resolve(root, `.data-e2e-cluster-${CLUSTER_PORT}`);
/** HAProxy's port of the cluster's PostgreSQL primary (the standbys, nodes and etcd after it). */
const CLUSTER_PG_PORT = Number(process.env.E2E_CLUSTER_PG_PORT ?? 5480);

export default defineConfig({
  testDir: './cluster',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: resolve(root, 'reports', 'e2e-cluster.json') }]],
  outputDir: resolve(root, 'test-results', 'cluster'),
  use: {
    baseURL: `http://127.0.0.1:${CLUSTER_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: testBrowserPath, args: chromiumArgs },
    // A trace records every test's screen as it runs, a quarter of the browser's CPU; CI keeps
    // only the output, so it records none there.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    reducedMotion: 'reduce',
  },
  webServer: {
    command: 'node --import tsx e2e/cluster/start.ts',
    cwd: root,
    url: `http://127.0.0.1:${CLUSTER_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    // start-cluster stops HAProxy, the replicas, the emulator on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      APP_MODE: 'demo',
      PORT: String(CLUSTER_PORT),
      REPLICA_PORT: String(CLUSTER_PORT + 1),
      REPLICAS: '3',
      // Its own PostgreSQL, a primary and a standby under Patroni, fresh each run; the replicas
      // read the catalogue from the standby (the test kills it, then the primary's node).
      STANDBYS: '1',
      CLUSTER_PG_NAME: `cardealer-e2e-${CLUSTER_PORT}`,
      CLUSTER_PG_PORT: String(CLUSTER_PG_PORT),
      CLUSTER_PG_FRESH: '1',
      DATA_DIR: CLUSTER_DATA_DIR,
      // The bundle the other browser tests built (built here when it is missing or stale).
      WEB_ROOT: process.env.E2E_WEB_ROOT ?? '.build-e2e-8180',
      CLUSTER_AUTH_PORT: process.env.E2E_CLUSTER_AUTH_PORT ?? '9599',
      CLUSTER_HUB_PORT: process.env.E2E_CLUSTER_HUB_PORT ?? '4450',
      CLUSTER_LOGGING_PORT: process.env.E2E_CLUSTER_LOGGING_PORT ?? '4550',
      LOG_LEVEL: 'warn',
      // Every browser test signs in from one address: limits far above what a run makes.
      ...RAISED_LIMITS,
    },
  },
});
