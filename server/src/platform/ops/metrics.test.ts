/**
 * What a scraper reads of `Metrics`: counters and histograms in Prometheus's text format, gauges
 * read at the scrape and each bounded in time (one that fails or is late is named, never shown
 * as a number), every app's metrics its own, and the process's own metrics when asked.
 */
import { Metrics } from './metrics';

/** The scrape's samples, by their name and labels as written. */
function samplesOf(text: string): Map<string, number> {
  return new Map(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return [line.slice(0, at), Number(line.slice(at + 1))] as const;
      }),
  );
}

describe('metrics', () => {
  it('writes counters and histograms with their help, type and escaped labels', async () => {
    const metrics = new Metrics();
    const requests = metrics.counter('test_requests_total', 'Requests', ['route', 'status']);
    requests.inc({ route: '/a/"b"\\c', status: '200' });
    requests.inc({ route: '/a/"b"\\c', status: '200' }, 2);
    expect(metrics.counter('test_requests_total', 'Requests', ['route', 'status'])).toBe(requests);
    const runs = metrics.histogram('test_run_seconds', 'Runs', ['job'], [0.1, 1]);
    runs.observe({ job: 'x' }, 0.05);
    runs.observe({ job: 'x' }, 0.5);
    runs.observe({ job: 'x' }, 5);

    const text = await metrics.render();
    expect(text).toContain(
      '# HELP test_requests_total Requests\n# TYPE test_requests_total counter',
    );
    expect(text).toContain('# TYPE test_run_seconds histogram');
    const samples = samplesOf(text);
    expect(samples.get('test_requests_total{route="/a/\\"b\\"\\\\c",status="200"}')).toBe(3);
    expect(samples.get('test_run_seconds_bucket{le="0.1",job="x"}')).toBe(1);
    expect(samples.get('test_run_seconds_bucket{le="1",job="x"}')).toBe(2);
    expect(samples.get('test_run_seconds_bucket{le="+Inf",job="x"}')).toBe(3);
    expect(samples.get('test_run_seconds_sum{job="x"}')).toBe(5.55);
    expect(samples.get('test_run_seconds_count{job="x"}')).toBe(3);
  });

  it('reads gauges at each scrape, and names those that fail or are late instead of a number', async () => {
    const metrics = new Metrics(50);
    let depth = 1;
    metrics.gauge('test_depth', 'Depth', [], () => [{ value: depth }]);
    metrics.gauge('test_pool', 'Pool', ['state'], async () => [
      { labels: { state: 'open' }, value: depth * 2 },
    ]);
    metrics.gauge('test_broken', 'Broken', [], () => {
      throw new Error('no database');
    });
    metrics.gauge('test_slow', 'Slow', ['what'], () => new Promise<never>(() => undefined));

    const first = samplesOf(await metrics.render());
    expect(first.get('test_depth')).toBe(1);
    expect(first.get('test_pool{state="open"}')).toBe(2);
    expect([...first.keys()].filter((key) => /test_(broken|slow)/.test(key))).toEqual([
      'cardealer_scrape_failures{metric="test_broken"}',
      'cardealer_scrape_failures{metric="test_slow"}',
    ]);

    depth = 4;
    const second = samplesOf(await metrics.render());
    expect(second.get('test_depth')).toBe(4);
    expect(second.get('test_pool{state="open"}')).toBe(8);
    expect(second.has('test_broken')).toBe(false);
  });

  it('names no failure when every gauge reads, and keeps each instance to itself', async () => {
    const one = new Metrics();
    const two = new Metrics();
    one.counter('test_calls_total', 'Calls', []).inc();
    two.counter('test_calls_total', 'Calls', []).inc({}, 5);
    one.gauge('test_open', 'Open', [], () => [{ value: 3 }]);

    const text = await one.render();
    expect(samplesOf(text).get('test_calls_total')).toBe(1);
    expect(samplesOf(await two.render()).get('test_calls_total')).toBe(5);
    expect(text).toContain('# TYPE cardealer_scrape_failures gauge');
    expect(text).not.toContain('cardealer_scrape_failures{');
    expect(text).not.toContain('process_cpu_seconds_total');
  });

  it("adds the process's own metrics when asked, once", async () => {
    const metrics = new Metrics();
    metrics.addProcessMetrics();
    metrics.addProcessMetrics();
    const samples = samplesOf(await metrics.render());
    expect(samples.get('process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(samples.get('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});
