/**
 * `npm test`: every check, with one closing line that totals the test cases. Two cores, kept busy:
 *   static checks two at a time: ESLint beside the production build the browser tests use, then
 *     tsc (strict) beside Prettier, import layers and cycles (dependency-cruiser), duplicates
 *     (jscpd) and contract freshness
 *   server tests on PGlite (Jest), with the server tests on PostgreSQL (DATABASE_URL, or Debian's
 *     cluster when installed) beside them, on a sign-in emulator of their own, less the files whose
 *     subject does not depend on the engine (lib/engine-independent.ts); the PGlite run then leaves
 *     out the races and server subjects the PostgreSQL run has (lib/postgres-covered.ts)
 *   browser tests (Playwright with Debian's Chromium against the running product), in two halves
 *     at once against two servers as soon as one of the server runs has ended (the other's last
 *     files beside them), with the browser test on the cluster (three replicas behind HAProxy on
 *     PostgreSQL with a streaming standby), and then, once both server runs have ended, the unit
 *     and component tests (Jest: web in jsdom)
 * Set TEST_POSTGRES=required to fail instead of skipping when no PostgreSQL can be had (CI does).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  checkEmulatorPorts,
  isUp,
  startEmulator,
  startEmulatorOnPorts,
  waitUntilUp,
  type RunningEmulator,
} from './lib/emulator';
import { browserHalves } from './lib/e2e-halves';
import { ENGINE_INDEPENDENT_TESTS } from './lib/engine-independent';
import { COVERED_BY_POSTGRES_RUN } from './lib/postgres-covered';
import { TestRuns } from './lib/test-runs';

const root = resolve(__dirname, '..');
const reports = join(root, 'reports');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/**
 * The server tests' connections commit without waiting for the disk (`synchronous_commit=off`,
 * per connection, so the cluster's own settings stay as they are): a test database is thrown
 * away, and what a commit shows other sessions is the same. The PostgreSQL run took a fifth less.
 */
function withoutCommitWait(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('options')) {
    parsed.searchParams.set('options', '-c synchronous_commit=off');
  }
  return parsed.toString();
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

/** The test emulator (e2e/firebase.json) on the test ports, unless one already answers there. */
async function mainEmulator(host: string): Promise<RunningEmulator | undefined> {
  if (await isUp(host)) {
    console.log(`\nA sign-in emulator already answers at ${host}: the suites share it.`);
    return undefined;
  }
  const configFile = join(root, 'e2e', 'firebase.json');
  await checkEmulatorPorts(configFile);
  return startEmulator({
    configFile,
    authPort: 9199,
    hubPort: 4410,
    logFile: join(reports, 'emulator.log'),
  });
}

/**
 * The checks before the tests: ESLint beside the browser tests' bundle, then tsc, Prettier, the
 * import layers and cycles, duplicates and the contract's freshness together.
 */
async function runChecks(runs: TestRuns, webRoot: string): Promise<void> {
  // ESLint and tsc each use one core: each runs beside other work. The browser tests' bundle is
  // built here with their server's settings (e2e/playwright.config.ts: APP_MODE=demo, its own
  // folder), so their `build.ts --if-changed` finds it fresh, and the bundle check in the server
  // suite reads the same files instead of building dist/ too.
  await runs.together([
    { name: 'lint: ESLint', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
    {
      name: 'build: the production bundle the browser tests serve',
      command: process.execPath,
      args: ['--import', 'tsx', 'scripts/build.ts', '--if-changed'],
      env: { APP_MODE: 'demo', WEB_ROOT: webRoot, NODE_OPTIONS: '' },
    },
  ]);
  await runs.together([
    {
      name: 'type check: tsc --noEmit (strict)',
      command: bin('tsc'),
      args: ['--noEmit', '-p', '.'],
    },
    {
      name: 'lint: Prettier',
      command: bin('prettier'),
      args: ['--check', '.', '--log-level=warn'],
    },
    // The server's layers and import cycles, type-only imports counted (ESLint's no-cycle skips
    // them).
    {
      name: 'lint: import layers and cycles',
      command: bin('depcruise'),
      args: ['src', 'server', 'api', '--config', '.dependency-cruiser.cjs'],
    },
    // Six identical lines in two places of hand-written code (.jscpd.json).
    {
      name: 'lint: duplicates',
      command: bin('jscpd'),
      args: ['server/src', 'src', 'scripts', 'bench', 'e2e', 'api', '--silent'],
    },
    {
      name: 'contract: api/openapi.json and generated slices are fresh',
      command: process.execPath,
      args: ['--import', 'tsx', 'scripts/check-contract.ts'],
    },
  ]);
}

/**
 * Starts the server tests on PostgreSQL (at `pg`, with the sign-in emulator `pgEnv` names), or
 * records or warns that there is no PostgreSQL. Answers the run, to be finished later.
 */
async function startPostgresRun(
  runs: TestRuns,
  pg: string | undefined,
  pgReport: string,
  pgEnv: NodeJS.ProcessEnv & { FIREBASE_AUTH_EMULATOR_HOST: string },
  pgEmulator: RunningEmulator | undefined,
): Promise<ReturnType<TestRuns['start']> | undefined> {
  if (pg) {
    await waitUntilUp(pgEnv.FIREBASE_AUTH_EMULATOR_HOST, 90_000, pgEmulator?.process).catch(
      (error: unknown) =>
        console.error(`The second sign-in emulator did not start: ${(error as Error).message}`),
    );
    console.log('\n▶ server tests on PostgreSQL: started beside the others (output below)');
    return runs.start({
      name: 'server tests on PostgreSQL',
      command: bin('jest'),
      args: [
        '--selectProjects',
        'server',
        '--maxWorkers=2',
        '--json',
        `--outputFile=${pgReport}`,
        '--testPathIgnorePatterns',
        ...ENGINE_INDEPENDENT_TESTS.map(({ pattern }) => pattern),
      ],
      env: { ...pgEnv, DATABASE_URL: withoutCommitWait(pg) },
    });
  } else if (process.env.TEST_POSTGRES === 'required') {
    runs.record({
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
  return undefined;
}

/** Records (PostgreSQL required) or warns that the browser tests on the cluster did not run. */
function noteClusterSkipped(runs: TestRuns, onCluster: boolean, pg: string | undefined): void {
  if (!onCluster && process.env.TEST_POSTGRES === 'required') {
    runs.record({
      name: 'browser tests on the cluster',
      ok: false,
      passed: 0,
      failed: 0,
      seconds: 0,
      note: pg
        ? 'no HAProxy, Patroni or etcd (apt-get install -y haproxy patroni etcd-server)'
        : 'no PostgreSQL',
    });
  } else if (!onCluster) {
    console.warn(
      '\n! No PostgreSQL, HAProxy, Patroni or etcd here: skipping the browser tests on the cluster.',
    );
  }
}

/** A server test run going on in the background: its report and the sign-in emulator it uses. */
interface ServerRun {
  run: ReturnType<TestRuns['start']>;
  report: string;
  emulatorHost: string;
}

/**
 * The sign-in emulators of the two browser halves, once they may start: the first half's own
 * (started at the beginning) and the emulator of whichever server run ended first (the other may
 * still be going on); both server runs' emulators, once both have ended, if the first half's own
 * did not start.
 */
async function browserEmulators(
  serverRuns: ServerRun[],
  ownHost: string,
  mainHost: string,
): Promise<[string, string]> {
  const first = await Promise.race(serverRuns.map(({ run, ...rest }) => run.done.then(() => rest)));
  if (await isUp(ownHost)) return [ownHost, first.emulatorHost];
  await Promise.all(serverRuns.map(({ run }) => run.done));
  const other = serverRuns.find((server) => server.emulatorHost !== mainHost);
  return [mainHost, other?.emulatorHost ?? mainHost];
}

/**
 * The steps after the server tests: the unit and component tests, a run of browser test files,
 * and the browser test on the cluster (where HAProxy, Patroni and etcd are installed).
 */
function laterSteps(testEnv: NodeJS.ProcessEnv, pg: string | undefined) {
  // The unit and component tests (Jest, web in jsdom): all CPU and no waiting, so they start last,
  // once both server runs have ended, on two workers beside the browser tests' waits.
  const webReport = join(reports, 'jest-web.json');
  const webTests = {
    name: 'unit and component tests (Jest, web in jsdom)',
    command: bin('jest'),
    args: ['--selectProjects', 'web', '--maxWorkers=2', '--json', `--outputFile=${webReport}`],
    env: { ...testEnv, DATABASE_URL: '' },
  };

  const browser = (name: string, files: string[], env: NodeJS.ProcessEnv) => ({
    name: `browser tests (Playwright, Debian Chromium)${name}`,
    command: bin('playwright'),
    args: ['test', '--config', 'e2e/playwright.config.ts', ...files],
    env: { ...testEnv, ...env },
  });
  // The cluster's PostgreSQL fails over under Patroni, with etcd: both are needed too.
  const haproxy =
    ['/usr/sbin/haproxy', '/usr/bin/haproxy'].some((file) => existsSync(file)) &&
    ['/usr/bin/patroni', '/usr/bin/etcd'].every((file) => existsSync(file));
  const cluster = {
    name: 'browser tests on the cluster (three replicas behind HAProxy, PostgreSQL and a standby)',
    command: bin('playwright'),
    args: ['test', '--config', 'e2e/cluster.config.ts'],
    env: { ...testEnv, DATABASE_URL: pg },
  };
  return { webTests, webReport, browser, haproxy, cluster };
}

async function main(): Promise<void> {
  const started = Date.now();
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });
  const runs = new TestRuns(root, reports);

  // The sign-in emulators start now (13-22 s), so that they are up when the tests begin: one for
  // the Jest run on PGlite, one for the server tests on PostgreSQL, and one for the first half of
  // the browser tests, which starts before both server runs have ended (each browser half's
  // server seeds the demo accounts in its emulator; the second half uses the emulator of the
  // server run that ended first).
  const pg = postgresUrl();
  const pgEmulatorHost = '127.0.0.1:9299';
  const pgEmulator =
    pg && !(await isUp(pgEmulatorHost))
      ? startEmulatorOnPorts({ auth: 9299, hub: 4420, logging: 4520 }, reports)
      : undefined;
  const browserEmulatorHost = '127.0.0.1:9699';
  const browserEmulator =
    pg && !(await isUp(browserEmulatorHost))
      ? startEmulatorOnPorts({ auth: 9699, hub: 4460, logging: 4560 }, reports)
      : undefined;
  const emulatorHost = '127.0.0.1:9199';
  let emulator = await mainEmulator(emulatorHost);

  const e2ePort = process.env.E2E_PORT ?? '8180';
  const webRoot = `.build-e2e-${e2ePort}`;
  await runChecks(runs, webRoot);

  if (emulator) {
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
    WEB_ROOT: webRoot,
  };

  // The server tests on PostgreSQL beside the Jest run on PGlite, each on two workers: much of
  // their time is spent waiting on PostgreSQL and the emulator.
  const pgReport = join(reports, 'jest-postgres.json');
  const pgRun = await startPostgresRun(
    runs,
    pg,
    pgReport,
    { ...testEnv, FIREBASE_AUTH_EMULATOR_HOST: pgEmulatorHost },
    pgEmulator,
  );
  const jestReport = join(reports, 'jest.json');
  console.log('\n▶ server tests (Jest, on PGlite): started beside the others (output below)');
  const serverRuns: ServerRun[] = [
    {
      run: runs.start({
        name: 'server tests (Jest, on PGlite)',
        command: bin('jest'),
        args: [
          '--selectProjects',
          'server',
          '--maxWorkers=2',
          '--json',
          `--outputFile=${jestReport}`,
          ...(pgRun
            ? ['--testPathIgnorePatterns', ...COVERED_BY_POSTGRES_RUN.map(({ pattern }) => pattern)]
            : []),
        ],
        env: { ...testEnv, DATABASE_URL: '' },
      }),
      report: jestReport,
      emulatorHost,
    },
    ...(pgRun ? [{ run: pgRun, report: pgReport, emulatorHost: pgEmulatorHost }] : []),
  ];
  const serverFinished = async () => {
    for (const { run, report } of serverRuns) {
      runs.countJest(await runs.finish(run, ' (ran beside the others)'), report);
    }
  };

  const { webTests, webReport, browser, haproxy, cluster } = laterSteps(testEnv, pg);
  const clusterReport = join(reports, 'e2e-cluster.json');
  if (pg && (await isUp(pgEmulatorHost))) {
    // The browser tests, in two halves of about equal time at once, and the browser test on the
    // cluster start as soon as one server run has ended: a browser test spends much of its time
    // waiting (on the network, animations, the emulator), which the other run's last files fill.
    // The second half has a server of its own (its port and data folder), both serving the bundle
    // built above, each half a sign-in emulator of its own; the cluster has its own too.
    const [firstHost, secondHost] = await browserEmulators(
      serverRuns,
      browserEmulatorHost,
      emulatorHost,
    );
    const [first, second] = browserHalves(join(root, 'e2e'));
    const hostEnv = (host: string) => ({
      E2E_EMULATOR_HOST: host,
      FIREBASE_AUTH_EMULATOR_HOST: host,
    });
    const browserRuns = [
      browser(', first half', first, { E2E_REPORT: 'e2e-1', ...hostEnv(firstHost) }),
      browser(', second half', second, {
        E2E_REPORT: 'e2e-2',
        E2E_PORT: String(Number(e2ePort) + 1),
        E2E_WEB_ROOT: webRoot,
        ...hostEnv(secondHost),
      }),
      ...(haproxy ? [cluster] : []),
    ].map((step) => runs.start(step));
    await serverFinished();
    const webRun = runs.start(webTests);
    const done = [];
    for (const run of browserRuns) done.push(await runs.finish(run, ' (ran beside the others)'));
    runs.countPlaywright(done[0], join(reports, 'e2e-1.json'));
    runs.countPlaywright(done[1], join(reports, 'e2e-2.json'));
    if (done[2]) runs.countPlaywright(done[2], clusterReport);
    runs.countJest(await runs.finish(webRun, ' (ran beside the others)'), webReport);
  } else {
    await serverFinished();
    const webRun = runs.start(webTests);
    runs.countPlaywright(await runs.run(browser('', [], {})), join(reports, 'e2e.json'));
    // The product as three replicas behind HAProxy on PostgreSQL (npm run start:cluster).
    if (pg && haproxy) runs.countPlaywright(await runs.run(cluster), clusterReport);
    runs.countJest(await runs.finish(webRun, ' (ran beside the others)'), webReport);
  }
  await pgEmulator?.stop();
  await browserEmulator?.stop();
  noteClusterSkipped(runs, Boolean(pg && haproxy), pg);

  await emulator?.stop();
  process.exit(runs.summary(started) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
