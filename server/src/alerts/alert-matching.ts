/**
 * Runs the alert matcher (matcher.ts) in the background after catalogue changes, as the deal
 * ratios' refresh runs (catalogue/after-catalogue-changes.ts): `delayMs` after a change heard,
 * and whenever the every-`pollMs` look at the queue finds work. A run takes batches until the queue is empty,
 * letting other work in between them. Replicas share the queue (each batch claims its rows),
 * so several running at once each handle different changes. A failure is logged and left for
 * the next run; it never stops the server.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { followCatalogue } from '../platform/events/after-catalogue-changes';
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
  const following = followCatalogue(app, {
    delayMs: options.delayMs,
    pollMs: options.pollMs,
    due: () => matcher.pending(),
    async work(isClosed) {
      // Batches until the queue is empty; between them, the server's other work goes first.
      while (!isClosed() && (await matcher.matchBatch()).changes > 0) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      return true;
    },
    failure: 'alerts not matched (tried again later)',
    name: 'alert-matching',
  });
  app.decorate('alertMatching', { run: following.run });
};

export default fp(alertMatching, { name: 'alert-matching', dependencies: ['catalogue-sync'] });
