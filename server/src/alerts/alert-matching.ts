/**
 * Runs the alert matcher (matcher.ts) in the background, as the deal ratios' refresh runs
 * (catalogue/deal-ratios.ts): a catalogue change heard (the catalogue notice, on every replica)
 * schedules a run `delayMs` later; every `pollMs` a cheap look at the queue catches a notice
 * missed; a replica that starts looks at once. A run takes batches until the queue is empty,
 * letting other work in between them. Replicas share the queue (each batch claims its rows),
 * so several running at once each handle different changes. A failure is logged and left for
 * the next run; it never stops the server.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { alertMatcher } from './matcher';

export interface AlertMatchingOptions {
  /** How long after a change the matcher runs (ms). */
  delayMs: number;
  /** How often the queue is looked at whatever the notices say (ms). */
  pollMs: number;
  /** Queued changes per transaction (matcher.ts's MATCH_BATCH by default). */
  batch?: number;
}

/** Default delay after a change: a burst of changes (a seller's edits) costs one run. */
export const ALERT_MATCH_DELAY_MS = 1_000;
/** Default look at the queue. */
export const ALERT_MATCH_POLL_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert matcher of this replica: `run()` empties the queue now (resolves when done). */
    alertMatching: { run(): Promise<void> };
  }
}

const alertMatching: FastifyPluginAsync<AlertMatchingOptions> = async (app, options) => {
  const matcher = alertMatcher(app.db, { batch: options.batch });
  let closed = false;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const schedule = (ms: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, ms);
    timer.unref();
  };

  const drain = async () => {
    while (!closed) {
      const done = await matcher.matchBatch();
      if (done.changes === 0) return;
      // Between batches, the server's other work goes first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const run = (): Promise<void> => {
    if (running) {
      // A change heard during a run may have been queued after its last batch: one more.
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => {
        if (!closed) app.log.warn({ err: error }, 'alerts not matched (tried again later)');
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule(options.delayMs);
        }
      });
    return running;
  };

  const look = async () => {
    if (running || closed) return;
    try {
      if (await matcher.pending()) await run();
    } catch (error) {
      if (!closed) app.log.warn({ err: error }, 'alert queue not read');
    }
  };

  app.decorate('alertMatching', { run });
  app.catalogueCache.onInvalidate(() => schedule(options.delayMs));
  app.addHook('onReady', async () => {
    schedule(0);
    poll = setInterval(() => void look(), options.pollMs);
    poll.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    if (poll) clearInterval(poll);
    await running;
  });
};

export default fp(alertMatching, { name: 'alert-matching', dependencies: ['catalogue-sync'] });
