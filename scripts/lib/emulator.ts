/**
 * Starts and stops the Firebase Auth emulator (firebase-tools), for `npm start`, the test run
 * and the benchmarks. The demo project id needs no account and no network.
 *
 * firebase-tools finds a running emulator's hub through a file in the temporary folder named by
 * the project id (`<tmpdir>/hub-demo-cardealer.json`), and exports through that hub when it
 * stops: two checkouts on one machine sharing that folder wrote each other's accounts into their
 * data folders. Each emulator started here gets a temporary folder of its own (`TMPDIR`), removed
 * when it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { portIsFree } from './processes';

export const root = resolve(__dirname, '..', '..');
export const PROJECT_ID = 'demo-cardealer';

export interface EmulatorOptions {
  /** firebase.json to use: its ports differ between `npm start` and the tests. */
  configFile: string;
  authPort: number;
  hubPort: number;
  /** Folder to import accounts from at start and export to at stop (kept across restarts). */
  persistDir?: string;
  /** Where the emulator's own output goes. */
  logFile: string;
}

export interface RunningEmulator {
  host: string;
  process: ChildProcess;
  /** The emulator's own temporary folder (its `TMPDIR`, where it leaves its hub's address). */
  tmpDir: string;
  /** Writes the accounts to `persistDir` now (the hub's export call). */
  exportNow(): Promise<void>;
  stop(): Promise<void>;
}

export async function isUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

export async function waitUntilUp(
  host: string,
  timeoutMs: number,
  child?: ChildProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`the sign-in emulator exited with code ${child.exitCode}`);
    }
    if (await isUp(host)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the sign-in emulator did not answer at ${host} within ${timeoutMs / 1000} s`);
}

/** What each port of an emulator's configuration is for (firebase-tools' defaults when unset). */
const PORTS = [
  { key: 'auth', name: 'the sign-in emulator', fallback: 9099 },
  { key: 'hub', name: "the emulators' hub", fallback: 4400 },
  { key: 'logging', name: "the emulators' logging", fallback: 4500 },
] as const;

/** The ports an emulator started with `configFile` listens on, each with what it is for. */
export function emulatorPorts(configFile: string): { name: string; port: number }[] {
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as {
    emulators?: Record<string, { port?: unknown } | undefined>;
  };
  return PORTS.map(({ key, name, fallback }) => {
    const port = config.emulators?.[key]?.port;
    return { name, port: typeof port === 'number' ? port : fallback };
  });
}

/**
 * Fails, naming the port, when something already listens on a port the emulator of `configFile`
 * needs (firebase-tools would stop with a vaguer message, or a hub of another emulator would be
 * found instead of its own).
 */
export async function checkEmulatorPorts(configFile: string): Promise<void> {
  for (const { name, port } of emulatorPorts(configFile)) {
    if (!(await portIsFree(port))) {
      throw new Error(
        `port ${port} (${name}) is in use: stop what runs there (another checkout's emulator?), ` +
          `or give this one other ports in ${configFile}`,
      );
    }
  }
}

/** The emulator's environment: this one's, its own temporary folder, no prompts or checks. */
export function emulatorEnv(tmpDir: string, base: NodeJS.ProcessEnv = process.env) {
  return {
    ...base,
    TMPDIR: tmpDir,
    // No update checks, no analytics prompts: this machine may have no internet at all.
    NO_UPDATE_NOTIFIER: '1',
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    CI: 'true',
  };
}

export function startEmulator(options: EmulatorOptions): RunningEmulator {
  const args = [
    join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    options.configFile,
  ];
  if (options.persistDir) {
    mkdirSync(options.persistDir, { recursive: true });
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json'))) {
      args.push('--import', options.persistDir);
    }
    args.push('--export-on-exit', options.persistDir);
  }
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const tmpDir = mkdtempSync(join(tmpdir(), 'cardealer-emulator-'));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: emulatorEnv(tmpDir),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.once('exit', () => rmSync(tmpDir, { recursive: true, force: true }));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const host = `127.0.0.1:${options.authPort}`;
  return {
    host,
    process: child,
    tmpDir,
    async exportNow() {
      if (!options.persistDir) return;
      const response = await fetch(`http://127.0.0.1:${options.hubPort}/_admin/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: options.persistDir, initiatedBy: 'cardealer' }),
      });
      if (!response.ok) throw new Error(`emulator export failed: ${response.status}`);
    },
    stop() {
      return new Promise((resolveStop) => {
        if (child.exitCode !== null) return resolveStop();
        const killer = setTimeout(() => child.kill('SIGKILL'), 15000);
        child.once('exit', () => {
          clearTimeout(killer);
          log.end();
          resolveStop();
        });
        child.kill('SIGINT');
      });
    },
  };
}

/** Clears every account (between tests). */
export async function clearAccounts(host: string): Promise<void> {
  await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' });
}

/**
 * Another emulator on ports of its own (the auth port, then the hub and logging ports), for a test
 * suite that runs beside another one: its configuration is written into `folder`.
 */
export function startEmulatorOnPorts(
  ports: { auth: number; hub: number; logging: number },
  folder: string,
): RunningEmulator {
  const host = '127.0.0.1';
  const configFile = join(folder, `firebase-${ports.auth}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host, port: ports.auth },
        hub: { host, port: ports.hub },
        logging: { host, port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  return startEmulator({
    configFile,
    authPort: ports.auth,
    hubPort: ports.hub,
    logFile: join(folder, `emulator-${ports.auth}.log`),
  });
}

/** How often a running emulator writes its accounts to its data folder. */
const EXPORT_EVERY_MS = 15_000;

/**
 * Keeps what a crash could lose small: the emulator writes its accounts to its data folder
 * regularly. Answers the timer, to be cleared on stopping.
 */
export function exportRegularly(running: RunningEmulator): NodeJS.Timeout {
  return setInterval(() => {
    running
      .exportNow()
      .catch((error: Error) => console.warn(`Saving sign-in accounts failed: ${error.message}`));
  }, EXPORT_EVERY_MS);
}
