/**
 * An import's background work gives way to the server's requests over real HTTP: between two
 * slices it waits for a request in progress until its answer begins, but never for a stream that
 * has begun its answer and stays open, and never longer than YIELD_MAX_MS.
 */
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestsOf, yieldToRequests, YIELD_MAX_MS } from './import-yield';

describe("an import's yield to the server's requests", () => {
  const held: ServerResponse[] = [];
  const server = createServer((incoming, response) => {
    if (incoming.url === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': open\n\n');
    }
    held.push(response);
  });
  const requests = requestsOf(server);
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const response of held) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends a GET and resolves once the server has the request (its handler ran). */
  async function send(path: string) {
    const before = held.length;
    const sent = request({ host: '127.0.0.1', port, path });
    sent.on('error', () => undefined);
    sent.end();
    while (held.length === before) await new Promise((resolve) => setTimeout(resolve, 2));
    return { response: held.at(-1)!, abort: () => sent.destroy() };
  }

  it('waits for a request in progress until its answer begins', async () => {
    const search = await send('/api/products');
    expect(requests()()).toBe(1);
    setTimeout(() => search.response.end('{}'), 150);
    const started = performance.now();
    await yieldToRequests(requests);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(YIELD_MAX_MS);
    expect(requests()()).toBe(0);
  });

  it('does not wait for an open stream whose answer has begun', async () => {
    const stream = await send('/stream');
    expect(requests()()).toBe(0);
    const started = performance.now();
    await yieldToRequests(requests);
    stream.abort();
    // Far below the wait for a request in progress (YIELD_MAX_MS), with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(YIELD_MAX_MS / 4);
  });

  it('waits at most YIELD_MAX_MS for a request that never answers', async () => {
    const stuck = await send('/api/slow');
    const started = performance.now();
    await yieldToRequests(requests);
    const waited = performance.now() - started;
    stuck.abort();
    expect(waited).toBeGreaterThanOrEqual(YIELD_MAX_MS);
    expect(waited).toBeLessThan(YIELD_MAX_MS + 500);
  });

  it('does not wait for a request whose caller went away', async () => {
    const gone = await send('/api/gone');
    gone.abort();
    while (requests()() > 0) await new Promise((resolve) => setTimeout(resolve, 2));
    const started = performance.now();
    await yieldToRequests(requests);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
