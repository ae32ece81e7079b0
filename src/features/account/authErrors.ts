import { authErrorCode } from '../../lib/auth/firebase';
import { isFailedDownload } from '../../lib/failedDownload';

/** The messages shown for the provider's error codes; null means "only log it". */
export function signInErrorMessage(error: unknown): string | null {
  // The sign-in code loads on first use; the next attempt downloads it again.
  if (isFailedDownload(error)) {
    return 'The sign-in code could not be downloaded. Check your connection and try again.';
  }
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
      return 'Incorrect password';
    case 'auth/user-not-found':
      return 'User not found please register';
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      // Providers with email-enumeration protection do not say which of the two was wrong.
      return 'Email or password is incorrect';
    case 'auth/too-many-requests':
      // Firebase's lock-out (and the demo proxy's: 10 failed sign-ins from one address in 15 min).
      return 'Too many failed sign-in attempts. Wait a few minutes and try again.';
    case 'auth/network-request-failed':
      return 'The sign-in service could not be reached. Check your connection and try again.';
    case 'auth/password-account-exists':
      // The demo's emulator proxy: a test Google sign-in may not take over a password account.
      return 'This e-mail already has a password account: sign in with your password';
    case 'auth/account-exists-with-different-credential':
      return 'This email already has an account: sign in with your password';
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return null;
    default:
      return null;
  }
}
