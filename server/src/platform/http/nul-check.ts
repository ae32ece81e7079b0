/**
 * Refuses a NUL character (U+0000) anywhere in a request's parameters, query or body with a 400
 * naming the field. PostgreSQL cannot store or compare it in text: left alone, it fails the
 * query (a 500). No field of ours has a use for it.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { httpError } from './errors';

function isWalkable(value: unknown): value is object {
  // Not a file's bytes (a buffer is walked byte by byte otherwise) nor a stream.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * The first text holding a NUL character in a parsed body, query or parameters, as a field path,
 * else null. Walked without recursion: a 64 KB body can nest thousands of levels deep.
 */
export function fieldWithNul(value: unknown): string | null {
  // Nothing to walk (a GET's body): no stack, no set of seen objects.
  if (value === undefined || value === null) return null;
  const stack: [unknown, string][] = [[value, '']];
  const seen = new WeakSet<object>();
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (isWalkable(item) && !seen.has(item)) {
      // A multipart body holds file buffers and objects that refer back to each other: each
      // object is walked once.
      seen.add(item);
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || 'body';
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

const nulCheck: FastifyPluginAsync = async (app) => {
  // Before validation, so the answer names the field whatever else is wrong with it.
  app.addHook('preValidation', (request, _reply, done) => {
    // The path and the query hold a NUL only if the URL does: percent-encoded, or raw from an
    // in-process request (the HTTP parser refuses a raw one). Most requests walk only their body.
    const url = request.url;
    const inUrl = url.includes('%00') || url.includes('\u0000');
    for (const part of inUrl ? [request.params, request.query, request.body] : [request.body]) {
      const field = fieldWithNul(part);
      if (field !== null) {
        done(httpError(400, `${field || 'request'}: must not contain the NUL character (U+0000)`));
        return;
      }
    }
    done();
  });
};

export default fp(nulCheck, { name: 'nul-check' });
