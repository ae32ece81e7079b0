/** Shared bench helpers: run the built product on a spare port with a throwaway data folder. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(__dirname, '..');

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the API server (production mode: no emulator, no demo accounts) and waits for health. */
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
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    stop: () =>
      new Promise((resolveStop) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolveStop();
        });
        child.kill('SIGTERM');
      }),
  };
}
