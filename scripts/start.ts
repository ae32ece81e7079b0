/**
 * `npm start`: the whole product with demo data, from a clean clone, with no setup.
 * Builds the web bundle when its sources changed, starts the Firebase Auth emulator and the
 * API server (which opens and migrates the database and seeds the demo data), waits until
 * GET /api/health answers ok, prints where to go, and stops everything on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isLoopback, OPEN_DEMO_WARNING } from '../server/src/config';
import { build, buildIsFresh } from './build';
import {
  checkEmulatorPorts,
  exportRegularly,
  startEmulator,
  waitUntilUp,
  type RunningEmulator,
} from './lib/emulator';
import { DEMO_ACCOUNTS, portIsFree, waitForHealth } from './lib/processes';

const root = resolve(__dirname, '..');
const mode = process.env.APP_MODE ?? 'demo';
const port = Number(process.env.PORT ?? 8080);
// Demo mode listens on this machine only unless HOST opens it (the server's own default).
const host = process.env.HOST || (mode === 'demo' ? '127.0.0.1' : '0.0.0.0');
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');

async function main(): Promise<void> {
  const started = Date.now();
  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  if (!(await portIsFree(port))) {
    throw new Error(`port ${port} is in use: stop what runs there, or choose another with PORT=…`);
  }

  let emulator: RunningEmulator | undefined;
  const running: { server?: ChildProcess } = {};
  let exportTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (exportTimer) clearInterval(exportTimer);
    console.log('\nStopping CarDealer…');
    const server = running.server;
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    // The emulator exports its accounts to the data folder as it stops.
    await emulator?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  const env: NodeJS.ProcessEnv = {
    LOG_LEVEL: 'warn',
    ...process.env,
    APP_MODE: mode,
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  if (mode === 'demo') {
    const configFile = join(root, 'firebase.json');
    // Every port it needs, the hub's and the logging's too: another checkout's emulator may hold them.
    await checkEmulatorPorts(configFile);
    emulator = startEmulator({
      configFile,
      authPort: 9099,
      hubPort: 4400,
      persistDir: join(dataDir, 'auth-emulator'),
      logFile: join(dataDir, 'logs', 'emulator.log'),
    });
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    emulator.process.once('exit', (code) => {
      if (!stopping) {
        console.error(
          `The sign-in emulator stopped (code ${code}); see ${join(dataDir, 'logs', 'emulator.log')}`,
        );
        void stopAll(1);
      }
    });
  }

  // The bundle builds while the emulator starts.
  if (buildIsFresh()) {
    console.log('Web bundle is up to date.');
  } else {
    console.log('Building the web bundle…');
    await build();
  }

  const server = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'server', 'src', 'main.ts')],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    },
  );
  running.server = server;
  server.once('exit', (code) => {
    if (!stopping) {
      console.error(`The API server stopped (code ${code}).`);
      void stopAll(1);
    }
  });
  if (emulator) await waitUntilUp(emulator.host, 60_000, emulator.process);
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, server, 120_000);

  if (emulator) exportTimer = exportRegularly(emulator);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
CarDealer is running (${mode} mode, ready in ${seconds} s):  http://localhost:${port}
  API:           http://localhost:${port}/api   (try it at http://localhost:${port}/api/docs)
  Data folder:   ${dataDir}${process.env.DATABASE_URL ? ' (database: DATABASE_URL)' : ' (database: embedded PGlite)'}
  E-mail:        ${process.env.SMTP_URL ? 'through SMTP_URL' : mode === 'demo' ? `written as .eml files to ${join(dataDir, 'mail')}` : 'queued until SMTP_URL is set'}`);
  if (mode === 'demo' && !isLoopback(host)) {
    console.log(`\n  WARNING (HOST=${host}): ${OPEN_DEMO_WARNING}`);
  } else if (mode === 'demo') {
    console.log('  Listening on this machine only (HOST=127.0.0.1; HOST=0.0.0.0 opens it).');
  }
  if (mode === 'demo') console.log(DEMO_ACCOUNTS);
  console.log('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error(
    `Could not start CarDealer: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
