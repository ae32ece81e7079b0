/**
 * Keeps the catalogue cache true on every replica, and a writer's next read true wherever it
 * lands. Every change to the catalogue sends a notice on commit (the triggers
 * `*_catalogue_change`); each replica, on a notice, clears its cache, then records the newest
 * notice it has seen. A write's answer (a route with `config: CATALOGUE_WRITE`) waits until every
 * live replica has seen a notice committed after the write (a barrier), so the caller's next
 * request finds the change on whichever replica it reaches. The wait is bounded by the cache's
 * lifetime: an answer older than the write has expired by then anyway. Other writes (bookings,
 * messages) answer at once.
 *
 * Without a database listener (codegen, a bare test app) the writer's own cache is cleared after
 * each catalogue write instead: one process, nothing else to tell.
 *
 * With streaming standbys (DATABASE_READ_URL, db/standbys.ts) the barrier goes on to them: once
 * every live replica has seen the write's notice, the answer waits (at most 1 s) until every
 * standby in use has replayed the primary's position, and a replica reads (and so fills its cache)
 * only from a standby that has replayed the primary's position of the newest notice it heard,
 * noted before the notice is acknowledged.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { CATALOGUE_CHANNEL } from './catalogue-replicas-repository';
import { STANDBY_WAIT_MS, type Standbys } from '../db/standbys';
import type { Listen } from '../events/event-hub';
import { CatalogueCache } from './catalogue-cache';

export interface CatalogueSyncOptions {
  /** How long an answer is kept (ms, at most 1000; 0: no cache). */
  ttlMs: number;
  /** LISTEN on the database; absent: this process is alone. */
  listen?: Listen;
  /** The standbys of the catalogue's reads: told of every notice, waited for by every write. */
  standbys?: Standbys;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's answer cache (catalogue-answers.ts). */
    catalogueCache: CatalogueCache;
  }
  interface FastifyContextConfig {
    /** The route changes what the catalogue shows: its answer waits until every replica knows. */
    catalogueWrite?: boolean;
  }
}

/** A route's `config` when it changes what the catalogue shows (posting, advertising, selling…). */
export const CATALOGUE_WRITE = { catalogueWrite: true } as const;

/** How often a replica says it is alive (REPLICA_ALIVE_MS is the limit). */
const HEARTBEAT_MS = 1000;
/** How often a waiting write checks whether every replica has seen its barrier. */
const POLL_MS = 3;

const catalogueSync: FastifyPluginAsync<CatalogueSyncOptions> = async (app, options) => {
  const cache = new CatalogueCache(options.ttlMs);
  app.decorate('catalogueCache', cache);
  const replicas = app.repos.catalogueReplicas;
  const listen = options.listen;
  const standbys = options.standbys;
  const id = randomUUID();
  let stopListening: (() => Promise<void>) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  /** The newest notice recorded, and the record being written (one at a time, in order). */
  let recording: Promise<void> = Promise.resolve();

  if (listen) {
    app.addHook('onReady', async () => {
      stopListening = await listen(CATALOGUE_CHANNEL, (payload) => {
        // Reads avoid the standbys that may not have this yet, from now on (a barrier too).
        const noted = standbys?.noticeHeard();
        // A change clears the cache; a barrier (`b<n>`) only asks to be acknowledged.
        const barrier = payload.startsWith('b');
        if (!barrier) cache.invalidate();
        const change = Number(barrier ? payload.slice(1) : payload);
        if (!Number.isSafeInteger(change)) return;
        recording = recording
          .then(() => noted)
          .then(() => replicas.seen(id, change))
          .catch((error: unknown) => app.log.warn({ err: error }, 'catalogue notice not recorded'));
      });
      await replicas.seen(id);
      await replicas.forgetGone().catch(() => undefined);
      heartbeat = setInterval(() => {
        recording = recording
          .then(() => replicas.seen(id))
          .catch((error: unknown) => app.log.warn({ err: error }, 'replica heartbeat failed'));
      }, HEARTBEAT_MS);
      heartbeat.unref();
    });
    app.addHook('onClose', async () => {
      if (heartbeat) clearInterval(heartbeat);
      await stopListening?.();
      await recording;
      await replicas.remove(id).catch(() => undefined);
    });
  }

  /**
   * Until every live replica has seen a notice committed now, or the cache's lifetime is up (1 s
   * with standbys, whose freshness rests on it); then until every standby in use has replayed
   * the primary's position (at most 1 s more).
   */
  const settle = async (waitForReplicas: boolean): Promise<void> => {
    try {
      if (!waitForReplicas) return;
      const deadline = Date.now() + Math.max(cache.ttlMs, standbys ? STANDBY_WAIT_MS : 0);
      const barrier = await replicas.barrier();
      while ((await replicas.behind(barrier)) > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      // Never rejects.
      await standbys?.afterWrite();
    }
  };

  // Callback style: a read (nearly every request) passes without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const write = request.routeOptions.config.catalogueWrite === true;
    if (!write || reply.statusCode >= 400) return done(null, payload);
    if (!listen) cache.invalidate();
    const waitForReplicas = Boolean(listen) && (cache.ttlMs > 0 || Boolean(standbys));
    if (!waitForReplicas && !standbys) return done(null, payload);
    // The write is done: if the database cannot say who has seen it, answer anyway (an older
    // answer elsewhere expires within the cache's lifetime).
    settle(waitForReplicas)
      .catch((error: unknown) => request.log.warn({ err: error }, 'no barrier'))
      .then(() => done(null, payload))
      .catch((error: unknown) => {
        // Sending failed after the hook handed the answer on (Node refused a header, or the
        // answer had begun): not an unhandled rejection, which would stop the process.
        request.log.error({ err: error }, 'unexpected error');
        const raw = reply.raw;
        if (raw.headersSent) return raw.destroy();
        raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        raw.end(
          JSON.stringify({ message: 'Something went wrong on our side', requestId: request.id }),
        );
      });
  });
};

export default fp(catalogueSync, { name: 'catalogue-sync' });
