/** Shared bench helpers: run the built product on a spare port with a throwaway data folder. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { sql } from 'drizzle-orm';
import type { Db } from '../server/src/platform/db/client';
import { checkEmulatorPorts, startEmulator, waitUntilUp } from '../scripts/lib/emulator';

export const root = resolve(__dirname, '..');

/** Builds the production web bundle into `webRoot` (its own folder: `npm start`'s dist/ stays). */
export async function buildWeb(webRoot: string): Promise<void> {
  process.env.WEB_ROOT = webRoot;
  const { build } = await import('../scripts/build');
  await build();
}

/**
 * Seeds the large data set (server/src/scripts/seed-large.ts) into the data folder or database
 * `env` names, when it is missing there: it keeps one it finds.
 */
export function seedLarge(
  env: NodeJS.ProcessEnv,
  sizes: { products: number; users: number; orders: number },
): void {
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'server', 'src', 'scripts', 'seed-large.ts'),
      `--products=${sizes.products}`,
      `--users=${sizes.users}`,
      `--orders=${sizes.orders}`,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the API server (production mode: no emulator, no demo accounts) and waits for health. */
/**
 * How long the server (or the sign-in emulator) may take to start: 2 minutes, or BENCH_START_MS on
 * a machine busy with other work.
 */
const START_MS = Number(process.env.BENCH_START_MS ?? 120_000);

export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-bench-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        APP_MODE: 'production',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // The benches' sellers post many cars on their first day: none waits for approval.
        NEW_SELLER_DAILY_CARS: '0',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolveStop) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolveStop();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + START_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with code ${child.exitCode}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not become healthy');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, process: child, stop };
}

/**
 * The product as `npm start` runs it (demo mode: demo accounts and cars), on a spare port: the
 * sign-in emulator on bench/firebase.json's ports (9299, hub 4420, logging 4520; not those of
 * `npm start` or the tests) and the API server on `port`, each with a throwaway folder and the
 * embedded database. Answers once the demo data is in (GET /api/health is ok only then).
 */
export async function startDemoServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const configFile = join(root, 'bench', 'firebase.json');
  await checkEmulatorPorts(configFile);
  const emulatorDir = mkdtempSync(join(tmpdir(), 'cardealer-bench-auth-'));
  const emulator = startEmulator({
    configFile,
    authPort: 9299,
    hubPort: 4420,
    logFile: join(emulatorDir, 'emulator.log'),
  });
  const stopEmulator = async () => {
    await emulator.stop();
    rmSync(emulatorDir, { recursive: true, force: true });
  };
  let server: RunningServer;
  try {
    await waitUntilUp(emulator.host, START_MS, emulator.process);
    server = await startServer(port, {
      APP_MODE: 'demo',
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      DATABASE_URL: '',
      ...env,
    });
  } catch (error) {
    await stopEmulator();
    throw error;
  }
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await stopEmulator();
    },
  };
}

/**
 * A web root with the page template only (a new temporary folder named after `prefix`): a
 * server that renders a car's page or a sitemap needs the shell, not the bundle.
 */
export function shellWebRoot(prefix: string): string {
  const webRoot = mkdtempSync(join(tmpdir(), `cardealer-${prefix}-web-`));
  const template = readFileSync(join(root, 'public', 'index.html'), 'utf8');
  for (const file of ['index.html', 'shell.html', '404.html']) {
    writeFileSync(join(webRoot, file), template);
  }
  writeFileSync(
    join(webRoot, 'pages.json'),
    JSON.stringify({ pages: {}, appRoutes: [], shell: 'shell.html', notFound: '404.html' }),
  );
  return webRoot;
}

/** The nearest-rank percentile `p` (0–100) of values sorted ascending. */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Milliseconds to one decimal. */
export const round = (ms: number) => Math.round(ms * 10) / 10;

/** The rows a query answers (PGlite's and PostgreSQL's results both carry `rows`). */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Timing {
  p50: number;
  p99: number;
  max: number;
  bytes: number;
}

/** Times `n` sequential GETs of one URL, after `warmUp` untimed ones; the last body's size. */
export async function timeGets(
  url: string,
  headers: Record<string, string>,
  n: number,
  warmUp: number,
): Promise<Timing> {
  const samples: number[] = [];
  let bytes = 0;
  for (let i = -warmUp; i < n; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString()}`);
    if (i >= 0) samples.push(elapsed);
    bytes = body.byteLength;
  }
  samples.sort((a, b) => a - b);
  return {
    p50: round(percentile(samples, 50)),
    p99: round(percentile(samples, 99)),
    max: round(samples[samples.length - 1]!),
    bytes,
  };
}

/** Runs a benchmark's `main`; a failure is printed and ends the process with code 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
