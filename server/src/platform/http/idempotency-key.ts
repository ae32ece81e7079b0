/**
 * The `Idempotency-Key` header of a write that is safe to send again (platform/db/idempotency.ts
 * keeps the answers): its schema, the key of a request, and a repeat's answer.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { Earlier, OnceKey } from '../db/idempotency';
import { httpError } from './errors';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The request headers of a route that takes a key (optional: without one, every call writes). */
export const IdempotencyHeaders = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({
      pattern: '^[\\x20-\\x7E]{1,200}$',
      description: '1 to 200 printable ASCII characters',
    }),
  ),
});

/** `value` as JSON with every object's keys sorted: one text for one meaning. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The key this request was sent with, for the account `userId`; undefined without the header.
 * Its fingerprint covers the route's parameters and the body, so one key used for another
 * booking or another text is told apart from a repeat.
 */
export function onceKeyOf(request: FastifyRequest, userId: string): OnceKey | undefined {
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof key !== 'string') return undefined;
  const fingerprint = createHash('sha256')
    .update(canonical({ params: request.params, body: request.body }))
    .digest('base64url');
  return { userId, route: `${request.method} ${request.routeOptions.url}`, key, fingerprint };
}

/** Answers a repeat: the stored answer again, or 422 / 409 when the key cannot be used so. */
export function answerEarlier(reply: FastifyReply, earlier: Earlier): FastifyReply {
  if (earlier.kind === 'other-request') {
    throw httpError(
      422,
      'Idempotency-Key: was already used for a different request; send a new key for a new request',
    );
  }
  if (earlier.kind === 'under-way') {
    throw httpError(409, 'Idempotency-Key: a request with this key is still under way');
  }
  return reply.code(earlier.status).send(earlier.body);
}
