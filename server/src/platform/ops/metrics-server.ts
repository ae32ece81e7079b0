/**
 * GET /metrics on a port of its own (METRICS_PORT, loopback by default): the numbers are for the
 * operator's scraper, never on the public port behind the load balancer.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';

export interface MetricsServer {
  /** The port it listens on (the one asked, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

/** Prometheus's text format's content type (version 0.0.4, what `Metrics.render` writes). */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Serves `render()` as GET /metrics on `host:port`; anything else is a 404. */
export function startMetricsServer(
  host: string,
  port: number,
  render: () => Promise<string>,
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
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
