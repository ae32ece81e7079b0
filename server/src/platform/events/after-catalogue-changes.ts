/**
 * Background work that follows the catalogue on every replica (the deal ratios' refresh, the
 * alert matcher): a catalogue change heard (the catalogue notice; it arrives only once its change
 * has committed) marks the work dirty and runs it `delayMs` later, so a burst of changes costs one
 * run; every `pollMs`, and once at start, `due()` is asked whatever the notices said, so a notice
 * missed (a listener reconnecting, changes written while no replica ran) is caught. One run at a
 * time per replica; a change heard during a run, a run that could not work now (another replica
 * holds the work) and a failure (logged, never thrown) each run it again `delayMs` later.
 */
import type { FastifyInstance } from 'fastify';

export interface CatalogueFollowing {
  /** How long after a change heard the work runs (ms). */
  delayMs: number;
  /** How often `due()` is asked whatever the notices say (ms). */
  pollMs: number;
  /** Whether there is work the notices may not have told of. */
  due(): Promise<boolean>;
  /** Does the work; false when it cannot now (run again `delayMs` later). */
  work(isClosed: () => boolean): Promise<boolean>;
  /** What a failure is logged as. */
  failure: string;
  /** The job's name in the metrics (`cardealer_background_run_seconds{job}`). */
  name: string;
}

/** Follows the catalogue with `job`; `run()` does the work now if due (resolves when done). */
export function followCatalogue(app: FastifyInstance, job: CatalogueFollowing) {
  let dirty = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const isClosed = () => closed;
  const runs = app.metrics.histogram(
    'cardealer_background_run_seconds',
    "Time of a background job's run (the market refresh: job=deal-ratios), by job",
    ['job'],
    [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  );

  const schedule = (ms: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, ms);
    timer.unref();
  };

  const run = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      // Changes heard from now on need a run that begins after them: this one may not.
      const wasDirty = dirty;
      dirty = false;
      try {
        if (!wasDirty && !(await job.due())) return;
        const started = performance.now();
        if (await job.work(isClosed)) {
          runs.observe({ job: job.name }, (performance.now() - started) / 1000);
        } else {
          dirty = true;
        }
      } catch (error) {
        dirty = true;
        if (!closed) app.log.warn({ err: error }, job.failure);
      }
    })().finally(() => {
      running = null;
      if (dirty) schedule(job.delayMs);
    });
    return running;
  };

  app.catalogueCache.onInvalidate(() => {
    dirty = true;
    schedule(job.delayMs);
  });
  app.addHook('onReady', async () => {
    // In the background: a large catalogue's first run must not hold the server's start.
    schedule(0);
    poll = setInterval(() => void run(), job.pollMs);
    poll.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    if (poll) clearInterval(poll);
    await running;
  });
  return { run };
}
