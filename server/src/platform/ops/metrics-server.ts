/**
 * GET /metrics on a port of its own (METRICS_PORT, loopback by default): the numbers are for the
 * operator's scraper, never on the public port behind the load balancer. The operator's own
 * calls (POST /backup: `npm run backup`) are answered there too, and only to this machine.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';

export interface MetricsServer {
  /** The port it listens on (the one asked, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

/** Prometheus's text format's content type (version 0.0.4, what `Metrics.render` writes). */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/**
 * An operator's call (POST <path>): answers a JSON body, or throws an error whose message says
 * what is wrong (`status` 409 when the call cannot be made now, else 500).
 */
export type OpsAction = () => Promise<unknown>;

/** Whether a connection comes from this machine. */
function fromLoopback(request: IncomingMessage): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** Runs an operator's call, one at a time per path (a second while one runs is a 409). */
function runAction(
  action: OpsAction,
  busy: Set<OpsAction>,
  request: IncomingMessage,
  response: ServerResponse,
): void {
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST', 'content-type': 'text/plain; charset=utf-8' });
    response.end('Method not allowed: this call is a POST\n');
    return;
  }
  // METRICS_HOST may open the scrape to another machine; the operator's calls stay local.
  if (!fromLoopback(request)) {
    answerJson(response, 403, { message: 'Operator calls are answered only on this machine' });
    return;
  }
  if (busy.has(action)) {
    answerJson(response, 409, { message: 'The same call is under way: try again when it ends' });
    return;
  }
  busy.add(action);
  action()
    .then(
      (body) => answerJson(response, 200, body),
      (error: Error & { status?: number }) =>
        answerJson(response, error.status ?? 500, { message: error.message }),
    )
    .finally(() => busy.delete(action));
}

/**
 * Serves `render()` as GET /metrics on `host:port`, and each of `actions` as POST on its path;
 * anything else is a 404.
 */
export function startMetricsServer(
  host: string,
  port: number,
  render: () => Promise<string>,
  actions: Record<string, OpsAction> = {},
): Promise<MetricsServer> {
  const busy = new Set<OpsAction>();
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const action = Object.hasOwn(actions, path) ? actions[path] : undefined;
    if (action) {
      runAction(action, busy, request, response);
      return;
    }
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    render().then(
      (text) => {
        response.writeHead(200, {
          'content-type': METRICS_CONTENT_TYPE,
          'cache-control': 'no-store',
        });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`The metrics could not be read: ${error.message}\n`);
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
