import { authErrorCode } from '../../lib/auth/firebase';

/** What a used, expired, altered or unknown mailed link says (the server's words). */
export const LINK_EXPIRED = 'This link has expired or was already used: ask for a new one';

/** The sign-in provider's answers to a code that does not work. */
const EXPIRED_CODES = new Set(['auth/expired-action-code', 'auth/invalid-action-code']);

/** Whether the provider refused a mailed link's code (used, expired, altered, unknown). */
export function isExpiredLink(error: unknown): boolean {
  return EXPIRED_CODES.has(authErrorCode(error) ?? '');
}
