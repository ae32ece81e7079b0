/**
 * What each request leaves for an operator: its id, made by the server (a caller's own
 * `X-Request-Id` is taken only from a trusted proxy) and returned as `X-Request-Id` on every
 * answer; every log line of the request carries it (Fastify's `reqId`) and, once the caller is
 * known, the account's id (`accountId`: the record's id, else the sign-in account's uid; never
 * an e-mail or a token); and the request counted by its route's pattern and status, with its time.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The shape of a request id a trusted proxy may pass on: short, and nothing to escape. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: a random UUID, unique across processes and replicas (the id a 500 shows
 * a user finds that one request in the logs); behind a trusted proxy, its `X-Request-Id` when it
 * has a sound one, so one id follows a request through the proxy's logs and ours.
 */
export function requestIds(trustProxy: boolean): (raw: IncomingMessage) => string {
  return (raw) => {
    const given = raw.headers['x-request-id'];
    if (trustProxy && typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}

/** Query parameters whose values are secrets or personal: never written to a log. */
const SECRET_PARAM = /token|key|secret|sig|code|email|password/i;

/** A path segment that holds an e-mail address (a seller's page is found by it). */
const EMAIL_SEGMENT = /@|%40/i;

/**
 * A URL for the logs: a path segment with an e-mail in it, and the values of the query's
 * secret or personal parameters, each replaced by `hidden`.
 */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at))
    .split('/')
    .map((segment) => (EMAIL_SEGMENT.test(segment) ? 'hidden' : segment))
    .join('/');
  if (at < 0) return path;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const [name, value] of [...params.entries()]) {
    if (SECRET_PARAM.test(name) || EMAIL_SEGMENT.test(value)) params.set(name, 'hidden');
  }
  return `${path}?${params.toString()}`;
}

/** The logger's `req` serializer: what Fastify logs of a request, its URL as `loggedUrl` makes it. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    remoteAddress: request.ip,
  };
}

/** The route's pattern, never the URL (no ids in a label); unmatched requests share one. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

const requestTelemetry: FastifyPluginAsync = async (app) => {
  const metrics = app.metrics;
  const requests = metrics.counter(
    'cardealer_http_requests_total',
    'Requests answered, by method, route pattern and status',
    ['method', 'route', 'status'],
  );
  const latency = metrics.histogram(
    'cardealer_http_request_duration_seconds',
    'Time to answer a request, by method and route pattern',
    ['method', 'route'],
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // After authentication (the routes' onRequest hooks): the account joins every later line.
  app.addHook('preHandler', async (request, reply) => {
    const caller = request.caller;
    if (!caller) return;
    const log = request.log.child({ accountId: caller.user?._id ?? `uid:${caller.uid}` });
    request.log = log;
    reply.log = log;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
};

export default fp(requestTelemetry, { name: 'request-telemetry' });
