/** What the Account settings page asks of the sign-in provider and the API, step by step. */
import { errorMessage } from '../../lib/api';
import { accountApi, type UpdateMeApiArg } from '../../lib/api/account';
import { absoluteUrl, imageHostApi } from '../../lib/api/imageHost';
import { screenApi } from '../../lib/api/generated/screenEndpoints';
import { authErrorCode } from '../../lib/auth/firebase';
import type { AuthThunk } from '../../lib/auth/authListener';
import { userSignedIn } from '../../lib/auth/authSlice';
import { fetchAccessToken, signOut } from '../../lib/auth/session';

/** A step that failed, with the sentence the page shows. */
export class SettingsError extends Error {}

/** Changes the account's settings (`PATCH /api/me`); a refusal throws the server's reason. */
export function saveSettings(body: UpdateMeApiArg['body']): AuthThunk<Promise<void>> {
  return async (dispatch) => {
    const saved = await dispatch(accountApi.endpoints.updateMe.initiate({ body }));
    if ('error' in saved) {
      throw new SettingsError(errorMessage(saved.error, 'Your settings could not be saved.'));
    }
  };
}

export interface ProfileChange {
  name: string;
  /** A new photo to upload; null keeps the current one. */
  photo: File | null;
}

/**
 * A new name or photo: the photo is uploaded, the account changed (`PATCH /api/me`), then the
 * sign-in provider's profile, which the header shows, follows.
 */
export function saveProfile(
  change: ProfileChange,
  onProgress?: (fraction: number) => void,
): AuthThunk<Promise<void>> {
  return async (dispatch, _getState, { authService }) => {
    let userImg: string | undefined;
    if (change.photo) {
      const upload = await dispatch(
        imageHostApi.endpoints.uploadImage.initiate({ image: change.photo, onProgress }),
      );
      if ('error' in upload) {
        const reason = upload.error && 'message' in upload.error ? upload.error.message : '';
        throw new SettingsError(`Your photo could not be uploaded${reason ? ` (${reason})` : ''}.`);
      }
      userImg = absoluteUrl(upload.data.displayUrl);
    }
    await dispatch(saveSettings({ name: change.name, ...(userImg ? { userImg } : {}) }));
    const user = await authService
      .updateProfile({ displayName: change.name, ...(userImg ? { photoURL: userImg } : {}) })
      .catch((error: unknown) => {
        // The account has the change; the header shows it after the next sign-in.
        console.error('Could not update the sign-in profile', error);
        return null;
      });
    if (user) dispatch(userSignedIn(user));
  };
}

/** The page's sentence for a failed password change. */
function passwordErrorMessage(error: unknown): string {
  switch (authErrorCode(error)) {
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return 'Your current password is not right';
    case 'auth/weak-password':
      return 'Use at least 6 characters';
    case 'auth/too-many-requests':
      return 'Too many failed attempts. Wait a few minutes and try again.';
    case 'auth/network-request-failed':
      return 'The sign-in service could not be reached. Check your connection and try again.';
    default:
      return 'Your password could not be changed. Please try again.';
  }
}

/** Said when the password changed but the other sessions could not be ended. */
export const OTHER_SESSIONS_NOT_ENDED =
  'Your password is changed, but your other sessions could not be ended: use Sign out everywhere.';
/** Said when the password changed and the other sessions ended, but this one could not go on. */
export const SIGN_IN_WITH_NEW_PASSWORD =
  'Your password is changed and every session has ended: sign in with the new password.';

/**
 * A new password, after the current one is checked again by the provider. Every other session
 * then ends (`POST /api/me/sign-out-everywhere`: the provider's refresh tokens and the API's
 * access tokens alike, this browser's included), and this browser signs in again with the new
 * password: a sign-in newer than the sign-out, which gets a new access token.
 */
export function changePassword(current: string, next: string): AuthThunk<Promise<void>> {
  return async (dispatch, getState, { authService }) => {
    const email = getState().auth.user?.email;
    if (!email) throw new SettingsError('You are not signed in');
    try {
      await authService.changePassword(current, next);
    } catch (error) {
      throw new SettingsError(passwordErrorMessage(error));
    }
    const ended = await dispatch(screenApi.endpoints.signOutEverywhere.initiate());
    if ('error' in ended) throw new SettingsError(OTHER_SESSIONS_NOT_ENDED);
    const signedInAgain = await authService.signIn(email, next).then(
      () => dispatch(fetchAccessToken(email)),
      (error: unknown) => {
        console.error('Could not sign in again with the new password', error);
        return false;
      },
    );
    if (!signedInAgain) {
      // This browser's session ended with the others: it says so and asks for a sign-in.
      await dispatch(signOut());
      throw new SettingsError(SIGN_IN_WITH_NEW_PASSWORD);
    }
  };
}
