/**
 * Running cases: each sent to the app and checked (never a 5xx, every 4xx a JSON message, a
 * refusal or a read changing no table and no image, a defective request refused), and a run
 * of many cases on every route collected into a report (the bench).
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { readdirSync } from 'node:fs';
import { tableHashes } from '../table-hashes';
import { caseArbitrary, type FuzzCase } from './cases';
import type { FuzzContext } from './fixture';
import { fuzzTargets } from './targets';

const listImages = (folder: string) => {
  try {
    return readdirSync(folder).sort().join(',');
  } catch {
    return '';
  }
};

const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

export interface CaseResult {
  status: number;
  /** What is wrong with the answer, or null. */
  problem: string | null;
}

/** Routes that answer an endless stream (Server-Sent Events). */
const STREAMS = new Set(['/api/events']);

/**
 * A stream's answer: its status, and the body of a refusal (which ends). An accepted stream is
 * left at once, as a browser that navigates away would.
 */
async function injectStream(app: FastifyInstance, request: InjectOptions) {
  const leave = new AbortController();
  const response = await app.inject({ ...request, payloadAsStream: true, signal: leave.signal });
  let body = '';
  if (response.statusCode >= 400) {
    for await (const chunk of response.stream()) body += String(chunk);
  } else {
    leave.abort();
  }
  return { statusCode: response.statusCode, body, json: () => JSON.parse(body) as unknown };
}

/** Sends one case and checks the answer and the database. */
export async function checkCase(ctx: FuzzContext, c: FuzzCase): Promise<CaseResult> {
  const result = await check(ctx, c);
  return typeof result === 'number' ? { status: result, problem: null } : result;
}

async function check(ctx: FuzzContext, c: FuzzCase): Promise<number | CaseResult> {
  const before = ctx.lastHashes ?? (await tableHashes(ctx.db));
  ctx.lastHashes = undefined;
  const imagesBefore = listImages(ctx.imageDir);
  let response: { statusCode: number; body: string; json(): unknown };
  try {
    response = STREAMS.has(c.request.url.split('?')[0])
      ? await injectStream(ctx.app, c.request)
      : await ctx.app.inject(c.request);
  } catch (error) {
    return { status: 0, problem: `inject failed: ${(error as Error).message}` };
  }
  const status = response.statusCode;
  const fail = (problem: string): CaseResult => ({ status, problem });
  if (status >= 500) return fail(`answered ${status}: ${response.body.slice(0, 300)}`);
  if (status >= 400 && c.request.method !== 'HEAD') {
    let message: unknown;
    try {
      message = (response.json() as { message?: unknown }).message;
    } catch {
      return fail(`answered ${status} without JSON: ${response.body.slice(0, 200)}`);
    }
    if (typeof message !== 'string' || message.trim() === '') {
      return fail(`answered ${status} without a message: ${response.body.slice(0, 200)}`);
    }
  }
  if (c.defects.length && status < 400) {
    return fail(`answered ${status} to a request with ${c.defects.join(', ')}`);
  }
  if (status >= 400 || !isWrite(c.request.method)) {
    const after = await tableHashes(ctx.db);
    ctx.lastHashes = after;
    const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    if (changed.length) return fail(`answered ${status} but changed ${changed.join(', ')}`);
    if (listImages(ctx.imageDir) !== imagesBefore)
      return fail(`answered ${status} but stored an image`);
  }
  return status;
}

/** A short, printable description of a case (for failure reports). */
export function describeCase(c: FuzzCase): string {
  const payload = c.request.payload;
  const shown =
    payload === undefined
      ? ''
      : ` body=${JSON.stringify(String(Buffer.isBuffer(payload) ? payload.toString('latin1') : payload).slice(0, 200))}`;
  return `${c.request.method} ${c.request.url.slice(0, 200)} headers=${JSON.stringify(
    c.request.headers,
  ).slice(0, 300)}${shown}`;
}

export interface FuzzReport {
  cases: number;
  byRoute: Record<string, number>;
  byStatus: Record<string, number>;
  failures: { route: string; problem: string; request: string }[];
}

/**
 * Runs `runsPerRoute` cases on every route and collects failures (no shrinking: the bench
 * wants the count and every distinct problem; the Jest suite uses `fc.assert` instead).
 */
export async function fuzzEveryRoute(
  ctx: FuzzContext,
  runsPerRoute: number,
  seed: number,
  onProgress?: (done: number) => void,
): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, byRoute: {}, byStatus: {}, failures: [] };
  for (const target of fuzzTargets(ctx.app)) {
    const route = `${target.method} ${target.url}`;
    const samples = fc.sample(caseArbitrary(ctx.fixture, target), { numRuns: runsPerRoute, seed });
    for (const c of samples) {
      const { status, problem } = await checkCase(ctx, c);
      report.cases++;
      report.byRoute[route] = (report.byRoute[route] ?? 0) + 1;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      if (problem) report.failures.push({ route, problem, request: describeCase(c) });
      onProgress?.(report.cases);
    }
  }
  return report;
}
