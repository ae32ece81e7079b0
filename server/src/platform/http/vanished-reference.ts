/**
 * A write that names a row deleted a moment before (a foreign-key violation): an admin deleted
 * the caller's account, or the other party's, between the access check and the write. The caller
 * hears which: their own account gone is the deleted account's 401; anything else a 409 to
 * reload and try again. Never a 500.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DELETED_ACCOUNT } from '../caller/access';

const FOREIGN_KEY_VIOLATION = '23503';

/** Whether the error (or the database error it wraps) is a foreign-key violation. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const VANISHED =
  'Someone or something this refers to was deleted meanwhile; reload and try again';

/** The answer to a foreign-key violation: [status, message]. */
export async function vanishedReference(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<[number, string]> {
  const id = request.caller?.user?._id;
  if (id && !(await app.repos.users.findById(id).catch(() => null))) {
    return [401, DELETED_ACCOUNT];
  }
  return [409, VANISHED];
}
