/**
 * `npm run bench:api`: catalogue read throughput under autocannon (64 connections,
 * BENCH_SECONDS each, default 30), on PGlite and on PostgreSQL, on the large data set
 * (100,000 products; `npm run seed:large` runs first when it is missing; see bench/scale.ts
 * for where the data lives). One run after another, never at the same time:
 *   1. a bare Fastify "hello" route in its own small process (the yardstick),
 *   2. GET /api/categories, 3. GET /api/advertisment, 4. GET /api/category-products/BMW?limit=24
 * against the real API server (production mode, default settings: the catalogue cache on).
 * Every request carries the `Accept-Encoding` Chromium sends, so answers of 1 KB or more come
 * compressed as a browser gets them; `BENCH_ENCODING=identity` asks for them uncompressed.
 * Prints requests/s, latency p50/p99, errors (failed, non-2xx, timeouts), the ratio to hello,
 * the bytes of an answer as sent, and the API server's peak RSS during its runs. Ports 8582–8585.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { largeTargets, startLarge } from './scale';
import { root } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = 64;
/** What Chromium asks for; the hello route answers the same header too (it never compresses). */
const ACCEPT_ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br, zstd';
const headers = { 'accept-encoding': ACCEPT_ENCODING };

/** The yardstick: Fastify answering `{hello: 'world'}`, nothing else, in its own process. */
async function startHello(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const code = `
    const app = require('fastify')({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    app.listen({ host: '127.0.0.1', port: ${port} }).then(() => console.log('ready'));
  `;
  const child = spawn(process.execPath, ['-e', code], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`hello server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/hello`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Peak resident memory of a process while `work` runs (sampled every 250 ms), in MB. */
async function peakRss<T>(pid: number | undefined, work: () => Promise<T>) {
  let peak = 0;
  const sample = () => {
    if (!pid) return;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // the process is gone
    }
  };
  sample();
  const timer = setInterval(sample, 250);
  try {
    const result = await work();
    sample();
    return { result, peakMb: Math.round(peak) };
  } finally {
    clearInterval(timer);
  }
}

interface Outcome {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  kb: number;
}

async function load(name: string, url: string): Promise<Outcome> {
  // A short warm-up, not counted.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: Math.min(3, SECONDS) });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    kb: Math.round(result.throughput.average / result.requests.average / 102.4) / 10,
  };
}

async function main(): Promise<void> {
  const targets = await largeTargets();
  let port = 8582;
  const summary: string[] = [];
  for (const target of targets) {
    const hello = await startHello(port++);
    const yardstick = await load('bare Fastify hello (yardstick)', hello.url).finally(() =>
      hello.stop(),
    );
    const server = await startLarge(target, port++);
    let rows: Outcome[] = [];
    let peakMb = 0;
    try {
      const base = `${server.url}/api`;
      const measured = await peakRss(server.process.pid, async () => {
        const out: Outcome[] = [];
        out.push(await load('GET /api/categories', `${base}/categories`));
        out.push(await load('GET /api/advertisment', `${base}/advertisment`));
        out.push(
          await load(
            'GET /api/category-products/BMW?limit=24',
            `${base}/category-products/BMW?limit=24`,
          ),
        );
        return out;
      });
      rows = measured.result;
      peakMb = measured.peakMb;
    } finally {
      await server.stop();
    }
    console.log(
      `\n${target.kind}: ${CONNECTIONS} connections, ${SECONDS} s per run, one run at a time, ` +
        `Accept-Encoding: ${ACCEPT_ENCODING}; ` +
        `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    );
    console.table(
      [yardstick, ...rows].map((r) => ({
        route: r.name,
        'req/s': r.rps,
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
        'answer KB': r.kb,
        'vs hello': `${Math.round((r.rps / yardstick.rps) * 100)}%`,
      })),
    );
    console.log(`${target.kind}: API server peak RSS under load ${peakMb} MB`);
    const check = (ok: boolean, text: string) => `${ok ? 'meets' : 'MISSES'} ${text}`;
    summary.push(
      `${target.kind}: ` +
        [
          check(
            rows.every((r) => r.errors === 0),
            'zero errors',
          ),
          check(
            rows.every((r) => r.p99 <= 50),
            'p99 ≤ 50 ms',
          ),
          check(
            rows.every((r) => r.rps >= yardstick.rps / 2),
            'throughput ≥ half of hello',
          ),
          check(target.kind !== 'pglite' || peakMb <= 1024, `RSS ≤ 1 GB (${peakMb} MB)`),
        ].join('; '),
    );
  }
  console.log(`\n${summary.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
