/**
 * A server's orderly exit (SIGTERM, SIGINT): it stops being ready (`GET /api/health/ready`
 * answers 503) and keeps serving for `drainMs`, long enough for a load balancer's health checks
 * to take it out; then it stops listening and finishes the requests in flight (at most
 * `timeoutMs`; what is still open then is cut), its live event streams told to reconnect (they
 * reach another replica), and its background work ends after the batch in hand (the app's
 * `onClose` hooks, then `steps`: the mail worker, the digests, the database).
 */
import type { FastifyInstance } from 'fastify';

/** Whether the server is on its way out (decorated on the app as `lifecycle`). */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

/** The longest wait for the requests in flight, as the operations guide promises. */
export const SHUTDOWN_TIMEOUT_MS = 20_000;

/** How often connections that went idle are closed while the server closes (ms). */
const IDLE_SWEEP_MS = 50;

export interface ShutdownOptions {
  /** How long the server keeps serving, not ready, before it stops listening (ms). */
  drainMs: number;
  /** The longest wait for the requests in flight once it stopped listening (ms). */
  timeoutMs?: number;
  /** What closes after the app, in order, each even when one before it failed. */
  steps?: { name: string; run: () => Promise<unknown> | unknown }[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drains and closes `app`, then runs the steps. Resolves to the exit code: 0 when everything
 * closed cleanly, 1 when a step failed (logged).
 */
export async function shutDown(app: FastifyInstance, options: ShutdownOptions): Promise<number> {
  app.lifecycle.draining = true;
  if (options.drainMs > 0) await pause(options.drainMs);
  let code = 0;
  const timeoutMs = options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  const cut = setTimeout(() => {
    app.log.warn(`requests still open after ${timeoutMs / 1000} s: their connections are cut`);
    app.server.closeAllConnections();
  }, timeoutMs);
  // A kept-alive connection whose request finishes after the listener closed would wait idle
  // for its client: closed as soon as it is idle, so the server exits once its last answer left.
  const idle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'the server did not close cleanly');
    code = 1;
  } finally {
    clearTimeout(cut);
    clearInterval(idle);
  }
  for (const step of options.steps ?? []) {
    try {
      await step.run();
    } catch (error) {
      app.log.error({ err: error }, `${step.name} did not close cleanly`);
      code = 1;
    }
  }
  return code;
}
