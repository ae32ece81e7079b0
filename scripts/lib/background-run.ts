/**
 * A command run in the background with its output kept in a file, for a test suite that runs
 * beside another (its output is printed whole once it ends, not mixed with the other's).
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

export interface BackgroundRun {
  /** Resolves when the command ends: whether it exited 0, and how long it took. */
  done: Promise<{ ok: boolean; seconds: number }>;
  /** What the command printed (stdout and stderr, in order). */
  output(): string;
}

export function runInBackground(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): BackgroundRun {
  const started = Date.now();
  const fd = openSync(options.logFile, 'w');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const done = new Promise<{ ok: boolean; seconds: number }>((resolveRun) => {
    const finish = (ok: boolean) => resolveRun({ ok, seconds: (Date.now() - started) / 1000 });
    child.once('error', () => finish(false));
    child.once('exit', (code) => finish(code === 0));
  });
  return { done, output: () => readFileSync(options.logFile, 'utf8') };
}
