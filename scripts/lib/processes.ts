/** Small helpers for the start scripts and benchmarks: free ports, health, stopping children. */
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** Whether nothing listens on `port` (on any address). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolveFree) => {
    const probe = createServer()
      .once('error', () => resolveFree(false))
      .once('listening', () => probe.close(() => resolveFree(true)))
      .listen(port, '0.0.0.0');
  });
}

/** Resolves once GET `url` (an /api/health) answers `{status: 'ok'}`; fails if `server` exits. */
export async function waitForHealth(
  url: string,
  server: ChildProcess,
  timeoutMs: number,
  name = 'the API server',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`${name} exited with code ${server.exitCode ?? server.signalCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = (await response.json()) as { status?: string; message?: string };
      if (body.status === 'ok') return;
      last = body.message ?? '';
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `${name} did not become healthy within ${timeoutMs / 1000} s${last ? `: ${last}` : ''}`,
  );
}

/** Sends `signal` and waits for the exit, then SIGKILL after `graceMs`. */
export async function stopProcess(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = 10_000,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill(signal);
  const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(killer);
}

/** What the start banners print in demo mode: the seeded accounts to sign in with. */
export const DEMO_ACCOUNTS = `
Demo accounts (password cardealer123):
  admin@cardealer.dev    Admin
  seller@cardealer.dev   Seller
  buyer@cardealer.dev    Buyer
`;
