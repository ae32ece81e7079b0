/**
 * The process's metrics in Prometheus's text format (version 0.0.4), kept by prom-client on a
 * registry of this app's own (tests build several apps in one process, so prom-client's global
 * registry is never used): counters and histograms kept as requests pass, gauges read when a
 * scrape asks (their `collect`). Label values are few by construction (a route's pattern, never
 * its URL; a status; a job's name), so a series never carries an id.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The histogram buckets of a request's time (seconds): 5 ms to 10 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A gauge's samples, as its reader found them at the scrape. */
export type Samples<L extends string = string> = {
  labels?: Partial<Record<L, string>>;
  value: number;
}[];

type Reader<L extends string> = () => Promise<Samples<L>> | Samples<L>;

/** What `read()` answers, or null when it fails or takes longer than `timeoutMs`. */
async function bounded<L extends string>(
  read: Reader<L>,
  timeoutMs: number,
): Promise<Samples<L> | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(read)
        .catch(() => null),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class Metrics {
  private readonly registry = new Registry();
  /** Holds only `cardealer_scrape_failures`, written after the other gauges have been read. */
  private readonly failuresRegistry = new Registry();
  /** The gauges whose read failed or was late in the scrape under way. */
  private readonly failed = new Set<string>();
  /** The scrape under way: a second one waits for it, so each names only its own failures. */
  private scraping: Promise<unknown> = Promise.resolve();

  /** `timeoutMs` bounds each gauge's read at a scrape. */
  constructor(private readonly timeoutMs = 1000) {
    const failed = this.failed;
    new Gauge({
      name: 'cardealer_scrape_failures',
      help: 'Gauges this scrape could not read in time (named by label)',
      labelNames: ['metric'],
      registers: [this.failuresRegistry],
      collect() {
        this.reset();
        for (const metric of failed) this.set({ metric }, 1);
      },
    });
  }

  /** The counter `name` (made at its first ask; later asks answer the same one). */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    const known = this.registry.getSingleMetric(name);
    if (known instanceof Counter) return known as Counter<L>;
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** The histogram `name` (made at its first ask; later asks answer the same one). */
  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[] = LATENCY_BUCKETS,
  ): Histogram<L> {
    const known = this.registry.getSingleMetric(name);
    if (known instanceof Histogram) return known as Histogram<L>;
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /**
   * A gauge read at each scrape; a reader that fails or is late leaves its gauge without samples
   * in that scrape, and `cardealer_scrape_failures{metric}` names it.
   */
  gauge<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: Reader<L>,
  ): void {
    const { failed, timeoutMs } = this;
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const samples = await bounded(read, timeoutMs);
        this.reset();
        if (!samples) {
          failed.add(name);
          // A gauge without labels keeps a 0 through `reset`: no number beats a wrong one.
          if (labelNames.length === 0) this.remove({});
          return;
        }
        for (const sample of samples) this.set(sample.labels ?? {}, sample.value);
      },
    });
  }

  /** Adds prom-client's process metrics (CPU, memory, event loop lag, handles, GC) once. */
  addProcessMetrics(): void {
    if (this.registry.getSingleMetric('process_cpu_seconds_total')) return;
    collectDefaultMetrics({ register: this.registry });
  }

  /** Every metric in the text format; gauges read together, each bounded by the timeout. */
  render(): Promise<string> {
    const scrape = this.scraping.then(async () => {
      this.failed.clear();
      const text = await this.registry.metrics();
      return text + (await this.failuresRegistry.metrics());
    });
    this.scraping = scrape.catch(() => undefined);
    return scrape;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (served on METRICS_PORT by main.ts). */
    metrics: Metrics;
  }
}
