/**
 * The process's metrics in Prometheus's text format (version 0.0.4): counters and histograms
 * kept as requests pass, gauges read when a scrape asks (`collect`). Label values are few by
 * construction (a route's pattern, never its URL; a status; a job's name), so a series never
 * carries an id.
 */

type Labels = Record<string, string>;

/** The histogram buckets of a request's time (seconds): 5 ms to 10 s. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A label value as the text format wants it: backslash, quote and newline escaped. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labelText(labels: Labels): string {
  const pairs = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}

const keyOf = (labels: Labels) => JSON.stringify(Object.entries(labels));

function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  lines(): string[];
}

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(readonly name: string) {}

  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }

  lines(): string[] {
    return [...this.values.values()].map(
      ({ labels, value }) => `${this.name}${labelText(labels)} ${formatNumber(value)}`,
    );
  }
}

export class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    private readonly buckets: number[] = LATENCY_BUCKETS,
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    for (const [i, bound] of this.buckets.entries()) if (value <= bound) entry.counts[i] += 1;
    entry.sum += value;
    entry.count += 1;
  }

  lines(): string[] {
    const out: string[] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      for (const [i, bound] of this.buckets.entries()) {
        const le = labelText({ ...labels, le: formatNumber(bound) });
        out.push(`${this.name}_bucket${le} ${counts[i]}`);
      }
      out.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      out.push(`${this.name}_sum${labelText(labels)} ${formatNumber(sum)}`);
      out.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return out;
  }
}

/** A gauge's samples, as its collector read them at the scrape. */
export type Samples = { labels?: Labels; value: number }[];

export class Metrics {
  private readonly families: Family[] = [];
  private readonly byName = new Map<string, Counter | Histogram>();
  private readonly gauges: {
    name: string;
    help: string;
    collect: () => Promise<Samples> | Samples;
  }[] = [];

  /** The counter `name` (made at its first ask; later asks answer the same one). */
  counter(name: string, help: string): Counter {
    const known = this.byName.get(name);
    if (known instanceof Counter) return known;
    const counter = new Counter(name);
    this.byName.set(name, counter);
    this.families.push({ name, help, type: 'counter', lines: () => counter.lines() });
    return counter;
  }

  /** The histogram `name` (made at its first ask; later asks answer the same one). */
  histogram(name: string, help: string, buckets?: number[]): Histogram {
    const known = this.byName.get(name);
    if (known instanceof Histogram) return known;
    const histogram = new Histogram(name, buckets);
    this.byName.set(name, histogram);
    this.families.push({ name, help, type: 'histogram', lines: () => histogram.lines() });
    return histogram;
  }

  /** A gauge read at each scrape; a collector that fails leaves its gauge out of that scrape. */
  gauge(name: string, help: string, collect: () => Promise<Samples> | Samples): void {
    this.gauges.push({ name, help, collect });
  }

  /** Every metric in the text format; collectors run together, each bounded by `timeoutMs`. */
  async render(timeoutMs = 1000): Promise<string> {
    const out: string[] = [];
    for (const family of this.families) {
      out.push(`# HELP ${family.name} ${family.help}`, `# TYPE ${family.name} ${family.type}`);
      out.push(...family.lines());
    }
    const read = await Promise.all(
      this.gauges.map(async (gauge) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), timeoutMs);
        });
        const samples = await Promise.race([
          Promise.resolve()
            .then(() => gauge.collect())
            .catch(() => null),
          late,
        ]);
        clearTimeout(timer);
        return { gauge, samples };
      }),
    );
    const failed: string[] = [];
    for (const { gauge, samples } of read) {
      if (!samples) {
        failed.push(gauge.name);
        continue;
      }
      out.push(`# HELP ${gauge.name} ${gauge.help}`, `# TYPE ${gauge.name} gauge`);
      for (const sample of samples) {
        out.push(`${gauge.name}${labelText(sample.labels ?? {})} ${formatNumber(sample.value)}`);
      }
    }
    out.push(
      '# HELP cardealer_scrape_failures Gauges this scrape could not read in time (named by label)',
      '# TYPE cardealer_scrape_failures gauge',
      ...failed.map((name) => `cardealer_scrape_failures{metric="${name}"} 1`),
    );
    return `${out.join('\n')}\n`;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (served on METRICS_PORT by main.ts). */
    metrics: Metrics;
  }
}
