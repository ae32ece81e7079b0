import { api } from '../../lib/api';
import { absoluteUrl, imageHostApi } from '../../lib/api/imageHost';
import {
  authAttemptFailed,
  authAttemptFinished,
  authAttemptStarted,
  profileUpdated,
} from '../../lib/auth/authSlice';
import { ensureAuthListener, type AuthThunk } from '../../lib/auth/authListener';

/** A registration step failed after the account was created; the account was removed again. */
export class RegistrationStepError extends Error {}

/** Email and password sign-in. The provider's error (with its code) is thrown to the form. */
export function signInWithPassword(email: string, password: string): AuthThunk<Promise<void>> {
  return async (dispatch, _getState, { authService }) => {
    await dispatch(ensureAuthListener());
    dispatch(authAttemptStarted('login'));
    try {
      await authService.signIn(email, password);
      dispatch(authAttemptFinished());
    } catch (error) {
      dispatch(authAttemptFailed());
      throw error;
    }
  };
}

export interface Registration {
  name: string;
  email: string;
  password: string;
  photo: File;
  role: 'Seller' | 'Buyer';
}

/**
 * Registration, in order: create the account → upload the photo → set the display name and
 * photo → PUT /users. If a step after the account exists fails, the account is deleted again
 * (so the email stays free) and the error says which step failed.
 */
export function registerAccount(
  input: Registration,
  onProgress?: (fraction: number) => void,
): AuthThunk<Promise<void>> {
  return async (dispatch, _getState, { authService }) => {
    await dispatch(ensureAuthListener());
    dispatch(authAttemptStarted('create'));
    let created = false;
    try {
      await authService.signUp(input.email, input.password);
      created = true;
      const upload = await dispatch(
        imageHostApi.endpoints.uploadImage.initiate({ image: input.photo, onProgress }),
      );
      if ('error' in upload) {
        throw new RegistrationStepError(
          `Your photo could not be uploaded (${upload.error && 'message' in upload.error ? upload.error.message : 'unknown error'}).`,
        );
      }
      const photoURL = absoluteUrl(upload.data.displayUrl);
      const user = await authService.updateProfile({ displayName: input.name, photoURL });
      dispatch(profileUpdated(user));
      const saved = await dispatch(
        api.endpoints.upsertUser.initiate({
          body: {
            name: input.name,
            email: input.email,
            userRole: input.role,
            userImg: photoURL,
            userVerify: 'false',
          },
        }),
      );
      if ('error' in saved) {
        const data = saved.error && 'data' in saved.error ? saved.error.data : undefined;
        const reason =
          typeof data === 'object' && data && 'message' in data
            ? String(data.message)
            : 'the server did not answer';
        throw new RegistrationStepError(`Your account could not be saved (${reason}).`);
      }
      dispatch(authAttemptFinished());
    } catch (error) {
      if (created) {
        await authService.deleteCurrentUser().catch((cleanup: unknown) => {
          console.error('Could not remove the half-registered account', cleanup);
        });
      }
      dispatch(authAttemptFailed());
      throw error;
    }
  };
}

/**
 * Google sign-in. A new user is always registered as a Buyer (spec §1); the server keeps the
 * role of an existing account, so a Seller stays a Seller.
 */
export function signInWithGoogle(testAccount?: {
  email: string;
  name: string;
}): AuthThunk<Promise<void>> {
  return async (dispatch, _getState, { authService }) => {
    await dispatch(ensureAuthListener());
    dispatch(authAttemptStarted('provider'));
    try {
      const user = await authService.signInWithGoogle(testAccount);
      const saved = await dispatch(
        api.endpoints.upsertUser.initiate({
          body: {
            name: user.displayName ?? user.email ?? 'CarDealer user',
            email: user.email ?? '',
            userRole: 'Buyer',
            userImg: user.photoURL ?? '',
            userVerify: 'false',
          },
        }),
      );
      if ('error' in saved) console.error('Could not save the Google account', saved.error);
      dispatch(authAttemptFinished());
    } catch (error) {
      dispatch(authAttemptFailed());
      throw error;
    }
  };
}
