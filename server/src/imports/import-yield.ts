/**
 * How an import's background work gives way to the server's requests. On PGlite every query runs
 * in the server's own thread, one at a time, and a query that resolves runs the next one in the
 * same turn of the event loop: a job that goes from query to query never lets a request's bytes
 * be read, and a request's queries each wait behind the job's. So the job works in short slices
 * (one row's photos, one car's checks) with a turn of the event loop between two of them (the
 * requests that arrived meanwhile are read and run their queries first), and after a batch's
 * transaction (which every request's query waits for) it waits until the requests in progress
 * have begun their answers. A request whose answer has begun (a live events' stream begins at
 * once and stays open) is not waited for.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The server's requests in progress now: call the answer to know how many of them still wait. */
export type RequestsNow = () => () => number;

/** Between two slices, the longest wait for the requests in progress. */
export const YIELD_MAX_MS = 1_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One turn of the event loop: the requests that arrived are read, and each runs its queries up
 * to its first wait for something other than the database, before the job's next query.
 */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Follows `server`'s requests (none through `inject`: tests' requests are never waited for): a
 * request waits until its answer has begun (its headers sent) or its connection closed.
 */
export function requestsOf(server: Server): RequestsNow {
  const open = new Set<ServerResponse>();
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    open.add(response);
    response.once('close', () => open.delete(response));
  });
  const waiting = (response: ServerResponse) => open.has(response) && !response.headersSent;
  return () => {
    const now = [...open].filter(waiting);
    return () => now.filter(waiting).length;
  };
}

/**
 * Lets the event loop turn (requests that arrived are read and queue their queries), then waits
 * (at most YIELD_MAX_MS) until the requests in progress then have begun their answers. Requests
 * that come in meanwhile wait for the next slice: a page that asks one request after another
 * would otherwise hold the job back for ever.
 */
export async function yieldToRequests(requests: RequestsNow): Promise<void> {
  await turn();
  const waiting = requests();
  const until = performance.now() + YIELD_MAX_MS;
  while (waiting() > 0 && performance.now() < until) await pause(2);
}
