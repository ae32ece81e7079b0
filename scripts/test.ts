/**
 * `npm test`: every check, in order, with one closing line that totals the test cases.
 *   static: ESLint, import cycles (dependency-cruiser), Prettier, tsc (strict), contract freshness
 *   unit and component tests (Jest: web in jsdom, server on PGlite)
 *   server tests on PostgreSQL (DATABASE_URL, or Debian's cluster when installed), beside the
 *     browser tests, with a sign-in emulator of their own
 *   browser tests (Playwright with Debian's Chromium against the running product)
 *   browser tests on the cluster (three replicas behind HAProxy on PostgreSQL)
 * Set TEST_POSTGRES=required to fail instead of skipping when no PostgreSQL can be had (CI does).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runInBackground, type BackgroundRun } from './lib/background-run';
import {
  isUp,
  startEmulator,
  startEmulatorOnPorts,
  waitUntilUp,
  type RunningEmulator,
} from './lib/emulator';

const root = resolve(__dirname, '..');
const reports = join(root, 'reports');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface Outcome {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  seconds: number;
  note?: string;
}
const outcomes: Outcome[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  outcomes.push({ name, ok, passed: 0, failed: 0, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** Reads a Jest --json report into the last outcome; a suite that ran no test fails. */
function countJest(file: string): void {
  const outcome = outcomes[outcomes.length - 1];
  if (!existsSync(file)) {
    outcome.ok = false;
    outcome.note = 'no report';
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
  };
  outcome.passed = report.numPassedTests;
  outcome.failed = report.numFailedTests;
  if (report.numTotalTests === 0) {
    outcome.ok = false;
    outcome.note = 'ran no test';
  }
}

/** Reads Playwright's JSON report. */
function countPlaywright(file: string): void {
  const outcome = outcomes[outcomes.length - 1];
  if (!existsSync(file)) {
    outcome.ok = false;
    outcome.note = 'no report';
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  outcome.passed = report.stats.expected + report.stats.flaky;
  outcome.failed = report.stats.unexpected;
  if (outcome.passed + outcome.failed === 0) {
    outcome.ok = false;
    outcome.note = 'ran no test';
  }
}

function postgresUrl(): string | undefined {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  try {
    return execFileSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
      encoding: 'utf8',
    }).trim();
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  // The server tests on PostgreSQL run beside the browser tests, with a sign-in emulator of their
  // own (the browser tests' server seeds the demo accounts in the other): started now, so that it
  // is up by then.
  const pg = postgresUrl();
  const pgEmulatorHost = '127.0.0.1:9299';
  const pgEmulator =
    pg && !(await isUp(pgEmulatorHost))
      ? startEmulatorOnPorts({ auth: 9299, hub: 4420, logging: 4520 }, reports)
      : undefined;

  run('lint: ESLint', bin('eslint'), ['.', '--max-warnings=0']);
  // Import cycles with type-only imports counted (ESLint's no-cycle skips them).
  run('lint: import cycles', bin('depcruise'), [
    'src',
    'server',
    '--config',
    '.dependency-cruiser.cjs',
  ]);
  run('lint: Prettier', bin('prettier'), ['--check', '.', '--log-level=warn']);
  run('type check: tsc --noEmit (strict)', bin('tsc'), ['--noEmit', '-p', '.']);
  run('contract: api/openapi.json and generated slices are fresh', process.execPath, [
    '--import',
    'tsx',
    'scripts/check-contract.ts',
  ]);

  // One sign-in emulator for every suite that needs it (test ports, so `npm start` may run too).
  let emulator: RunningEmulator | undefined;
  const emulatorHost = '127.0.0.1:9199';
  if (await isUp(emulatorHost)) {
    console.log(`\nA sign-in emulator already answers at ${emulatorHost}: the suites share it.`);
  } else {
    emulator = startEmulator({
      configFile: join(root, 'e2e', 'firebase.json'),
      authPort: 9199,
      hubPort: 4410,
      logFile: join(reports, 'emulator.log'),
    });
    try {
      await waitUntilUp(emulatorHost, 90_000, emulator.process);
    } catch (error) {
      console.error(`The sign-in emulator did not start: ${(error as Error).message}`);
      await emulator.stop();
      emulator = undefined;
    }
  }
  const testEnv = {
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    E2E_EMULATOR_HOST: emulatorHost,
    NODE_OPTIONS: '--experimental-vm-modules',
  };

  const jestReport = join(reports, 'jest.json');
  run(
    'unit, component and server tests (Jest; server on PGlite)',
    bin('jest'),
    // Two workers on a 2-core machine (Jest's default there is one): much of a test's time is
    // spent waiting on the emulator or the database, which the other worker uses.
    ['--maxWorkers=2', '--json', `--outputFile=${jestReport}`],
    {
      ...testEnv,
      DATABASE_URL: '',
    },
  );
  countJest(jestReport);

  let pgRun: BackgroundRun | undefined;
  const pgReport = join(reports, 'jest-postgres.json');
  if (pg) {
    console.log('\n▶ server tests on PostgreSQL: started beside the browser tests (output below)');
    await waitUntilUp(pgEmulatorHost, 90_000, pgEmulator?.process).catch((error: unknown) =>
      console.error(`The second sign-in emulator did not start: ${(error as Error).message}`),
    );
    // One worker: the browser tests share the two cores.
    pgRun = runInBackground(
      bin('jest'),
      ['--selectProjects', 'server', '--maxWorkers=1', '--json', `--outputFile=${pgReport}`],
      {
        cwd: root,
        env: { ...testEnv, FIREBASE_AUTH_EMULATOR_HOST: pgEmulatorHost, DATABASE_URL: pg },
        logFile: join(reports, 'jest-postgres.log'),
      },
    );
  } else if (process.env.TEST_POSTGRES === 'required') {
    outcomes.push({
      name: 'server tests on PostgreSQL',
      ok: false,
      passed: 0,
      failed: 0,
      seconds: 0,
      note: 'no PostgreSQL',
    });
  } else {
    console.warn(
      '\n! No PostgreSQL here (apt-get install -y postgresql, or set DATABASE_URL): skipping that run.',
    );
  }

  run(
    'browser tests (Playwright, Debian Chromium)',
    bin('playwright'),
    ['test', '--config', 'e2e/playwright.config.ts'],
    testEnv,
  );
  countPlaywright(join(reports, 'e2e.json'));

  if (pgRun) {
    const { ok, seconds } = await pgRun.done;
    console.log('\n▶ server tests on PostgreSQL (ran beside the browser tests)');
    console.log(pgRun.output());
    outcomes.push({ name: 'server tests on PostgreSQL', ok, passed: 0, failed: 0, seconds });
    countJest(pgReport);
  }
  await pgEmulator?.stop();

  // The product as three replicas behind HAProxy on PostgreSQL (npm run start:cluster).
  const haproxy = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((file) => existsSync(file));
  if (pg && haproxy) {
    run(
      'browser tests on the cluster (three replicas behind HAProxy, PostgreSQL)',
      bin('playwright'),
      ['test', '--config', 'e2e/cluster.config.ts'],
      { ...testEnv, DATABASE_URL: pg },
    );
    countPlaywright(join(reports, 'e2e-cluster.json'));
  } else if (process.env.TEST_POSTGRES === 'required') {
    outcomes.push({
      name: 'browser tests on the cluster',
      ok: false,
      passed: 0,
      failed: 0,
      seconds: 0,
      note: pg ? 'no HAProxy (apt-get install -y haproxy)' : 'no PostgreSQL',
    });
  } else {
    console.warn(
      '\n! No PostgreSQL or no HAProxy here: skipping the browser tests on the cluster.',
    );
  }

  await emulator?.stop();

  console.log('\nSummary');
  for (const o of outcomes) {
    const counts = o.passed + o.failed > 0 ? ` (${o.passed} passed, ${o.failed} failed)` : '';
    console.log(
      `  ${o.ok ? '✔' : '✘'} ${o.name}${counts}${o.note ? ` — ${o.note}` : ''} [${o.seconds.toFixed(0)} s]`,
    );
  }
  const passed = outcomes.reduce((sum, o) => sum + o.passed, 0);
  const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
  const allOk = outcomes.every((o) => o.ok);
  console.log(`Total time ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(allOk && failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
