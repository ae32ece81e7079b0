import type { AuthThunk } from '../../lib/auth/authListener';
import { authErrorCode, usesTestGoogleAccounts } from '../../lib/auth/firebase';
import { fetchAccessToken } from '../../lib/auth/session';

/** What a failed sign-in again says (the password is the only thing typed). */
function signInAgainError(error: unknown): string {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return 'Incorrect password';
    case 'auth/too-many-requests':
      return 'Too many failed sign-in attempts. Wait a few minutes and try again.';
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return 'The Google sign-in was closed: try again';
    default:
      return 'The sign-in did not work: try again';
  }
}

/** Whether the signed-in account signs in with Google (no password to type again). */
export function signsInWithGoogle(providers: { providerId: string }[]): boolean {
  return providers.some((provider) => provider.providerId === 'google.com');
}

/**
 * Signs the person in again (their password, or Google), then gets an access token that carries
 * the new sign-in time. Resolves to null, or to what went wrong in words.
 */
export function reauthenticate(password: string | null): AuthThunk<Promise<string | null>> {
  return async (dispatch, getState, { authService }) => {
    const user = getState().auth.user;
    if (!user?.email) return 'You are not signed in';
    try {
      if (password === null) {
        const name = user.displayName ?? user.email;
        await authService.signInWithGoogle(
          usesTestGoogleAccounts ? { email: user.email, name } : undefined,
        );
      } else {
        await authService.signIn(user.email, password);
      }
    } catch (error) {
      return signInAgainError(error);
    }
    const renewed = await dispatch(fetchAccessToken(user.email));
    return renewed ? null : 'The server did not answer: try again';
  };
}
