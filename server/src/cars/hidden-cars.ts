/**
 * Who may see a hidden car: its owner and the admins, who read why it is hidden;
 * everyone else is answered 410 'This listing was removed', as if it were gone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normaliseEmail } from '../platform/db/ids';
import { bearerToken } from '../platform/caller/bearer-token';

export const LISTING_REMOVED = 'This listing was removed';

/**
 * Whether the caller (an access token, if the request has one) is the car's owner or an admin.
 * A request without a token, or with one that is not valid, is anyone's: false.
 */
export async function mayReadHidden(
  app: FastifyInstance,
  request: FastifyRequest,
  ownerEmail: string,
): Promise<boolean> {
  if (!bearerToken(request)) return false;
  try {
    // authenticate is async (access.ts): it sets request.caller or throws.
    const authenticate = app.authenticate as unknown as (
      this: FastifyInstance,
      request: FastifyRequest,
    ) => Promise<void>;
    await authenticate.call(app, request);
  } catch {
    return false;
  }
  const user = request.caller?.user;
  return user ? isOwnerOrAdmin(user, ownerEmail) : false;
}

/** Whether `user` may see the hidden car of `ownerEmail`: its owner, or an admin. */
export function isOwnerOrAdmin(
  user: { userRole: string; email: string },
  ownerEmail: string,
): boolean {
  return user.userRole === 'Admin' || normaliseEmail(user.email) === normaliseEmail(ownerEmail);
}
