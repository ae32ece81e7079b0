/**
 * Starts and stops the Firebase Auth emulator (firebase-tools), for `npm start`, the test run
 * and the benchmarks. The demo project id needs no account and no network.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      // No update checks, no analytics prompts: this machine may have no internet at all.
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const host = `127.0.0.1:${options.authPort}`;
  return {
    host,
    process: child,
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
