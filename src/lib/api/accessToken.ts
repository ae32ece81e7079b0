/** The API access token, kept in local storage under `accessToken`. */
export const ACCESS_TOKEN_KEY = 'accessToken';
/**
 * Set from the moment the sign-in provider reports a signed-in user until sign-out: the access
 * token arrives a request later, and a page left in between must still find the session.
 */
export const SIGNED_IN_KEY = 'signedIn';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function storeAccessToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_KEY, token);
}

/** Notes that the provider holds a signed-in user (see SIGNED_IN_KEY). */
export function markSignedIn(): void {
  storage()?.setItem(SIGNED_IN_KEY, 'true');
}

/**
 * Whether this browser may hold a session: an access token, or a sign-in whose token had not
 * arrived yet. Only then is the sign-in provider's code loaded to read it (src/main.tsx).
 */
export function mayHaveSession(): boolean {
  const stored = storage();
  return (
    stored !== null && (stored.getItem(ACCESS_TOKEN_KEY) ?? stored.getItem(SIGNED_IN_KEY)) !== null
  );
}

/** Forgets the session: the access token and the sign-in note. */
export function forgetSession(): void {
  storage()?.removeItem(ACCESS_TOKEN_KEY);
  storage()?.removeItem(SIGNED_IN_KEY);
}
