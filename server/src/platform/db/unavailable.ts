/**
 * Whether a failed query failed because no primary answers now, rather than for anything the
 * request did: the connection refused, reset or closed under it (a primary killed, a proxy in
 * front of it restarting), the server shutting down or not yet taking connections (57P01,
 * 57P02, 57P03), a write sent to a server that is read-only now (25006: a proxy still pointing at
 * a primary just demoted to a standby), a connection exception (08xxx), too many connections
 * (53300), or no pooled connection within the pool's wait. Such a request answers 503 with
 * `Retry-After` (platform/http/error-handler.ts) and is safe to send again once a primary answers.
 */

/** SQLSTATEs of a server that cannot take the statement now. */
const UNAVAILABLE_CODES = /^(08...|57P0[1-4]|25006|53300)$/;

/** Node's socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and its pool say of a connection lost, closed or not had in time. */
const CLIENT_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^Query read timeout/,
];

/** The error and the errors it wraps (Drizzle wraps a driver's in `cause`), outermost first. */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.includes(current) && seen.length < 5) {
    seen.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return seen;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  return chain(error).some((link) => {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.test(code) || SOCKET_CODES.has(code))) {
      return true;
    }
    return typeof message === 'string' && CLIENT_MESSAGES.some((pattern) => pattern.test(message));
  });
}
