/**
 * Every error becomes `{message}` with a status a caller can act on: a failed schema names the
 * field and its rule; a body the parser refused says what was wrong with it; a 4xx thrown by a
 * handler goes as it is; a write naming a row deleted meanwhile is a 401 (the caller's own
 * account) or a 409; no primary answering (platform/db/unavailable.ts) is a 503 'busy' with
 * `Retry-After`; an unavailable dependency is a 503 without internals; anything else a 500 with
 * the request's id (unique across processes: it finds that request in the logs).
 */
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { ONE_LINE_PATTERN, SINGLE_LINE_PATTERN, singleLineProblem } from './single-line';
import { isForeignKeyViolation, vanishedReference } from './vanished-reference';
import { isDatabaseUnavailable } from '../db/unavailable';

/** What a request answers while no primary answers (a failover, a restart): try it again. */
export const BUSY_MESSAGE = 'The marketplace is busy: try again in a moment';
/** The `Retry-After` of that answer (seconds): a promotion takes a few, a restart one or two. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export interface ErrorHandlerOptions {
  /** The largest JSON body in bytes (named in the 413's message). */
  bodyLimit: number;
}

/** Answers `<field>: <problem>` for the first failed rule of a request. */
export function validationMessage(error: FastifyError): string {
  const all = error.validation ?? [];
  // A failed union (anyOf) is reported last, after each branch's own complaint.
  const last = all[all.length - 1];
  const first = last?.keyword === 'anyOf' ? last : all[0];
  const missing = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
  const path = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  const field = [path, missing].filter(Boolean).join('.') || error.validationContext || 'request';
  if (first?.keyword === 'required') return `${field}: is required`;
  const { parentSchema } = (first ?? {}) as { parentSchema?: { description?: string } };
  if (first?.keyword === 'anyOf') {
    return `${field}: must be ${parentSchema?.description ?? 'one of the allowed forms'}`;
  }
  if (first?.keyword === 'pattern') {
    const pattern = (first.params as { pattern?: string }).pattern;
    if (pattern === '\\S') return `${field}: must not be blank`;
    if (pattern === SINGLE_LINE_PATTERN || pattern === ONE_LINE_PATTERN) {
      return `${field}: ${singleLineProblem((first as { data?: unknown }).data)}`;
    }
    if (parentSchema?.description) return `${field}: must be ${parentSchema.description}`;
  }
  return `${field}: ${first?.message ?? 'is not valid'}`;
}

const errorHandler: FastifyPluginAsync<ErrorHandlerOptions> = async (app, options) => {
  const known: Record<string, [number, string]> = {
    FST_ERR_CTP_INVALID_JSON_BODY: [400, 'body: is not valid JSON'],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'body: is empty but the content type says JSON'],
    FST_ERR_CTP_BODY_TOO_LARGE: [413, `body: is larger than ${options.bodyLimit / 1024} KB`],
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'content-length: does not match the body'],
  };
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send({ message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type'] ?? '(none)';
      return reply
        .code(415)
        .send({ message: `content-type: ${type} is not accepted here; send application/json` });
    }
    const answer = error.code ? known[error.code] : undefined;
    if (answer) return reply.code(answer[0]).send({ message: answer[1] });
    if (error instanceof SyntaxError && status === 400) {
      return reply.code(400).send({ message: 'body: is not valid JSON' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable: answered busy');
      return reply
        .code(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ message: BUSY_MESSAGE });
    }
    if (isForeignKeyViolation(error)) {
      const [vanishedStatus, message] = await vanishedReference(app, request);
      return reply.code(vanishedStatus).send({ message });
    }
    const code = typeof error.code === 'string' ? error.code : '';
    if (status === 503 || (!error.statusCode && /^(auth|app)\//.test(code))) {
      // A dependency (the sign-in provider) is unavailable: say so, without internals.
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply
        .code(503)
        .send({ message: 'A service we depend on is unavailable; try again shortly' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply
      .code(500)
      .send({ message: 'Something went wrong on our side', requestId: request.id });
  });
};

export default fp(errorHandler, { name: 'error-handler' });
