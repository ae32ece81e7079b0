import { absoluteUrl, imageHostApi } from '../../lib/api/imageHost';
import {
  authAttemptFailed,
  authAttemptFinished,
  authAttemptStarted,
  registrationCompleted,
} from '../../lib/auth/authSlice';
import { ensureAuthListener, type AuthThunk } from '../../lib/auth/authListener';
import { googleBuyerRecord, saveUserRecord, type UserRecord } from '../../lib/auth/session';
import type { SessionUser } from '../../lib/auth/sessionUser';

/** A registration step failed after the account was created. */
export class RegistrationStepError extends Error {}

/** The roles a person may register as (the contract's; Admin is never chosen). */
export type SignUpRole = UserRecord['userRole'];
export const SIGN_UP_ROLES: readonly SignUpRole[] = ['Seller', 'Buyer'];

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
  role: SignUpRole;
}

interface Profile {
  name: string;
  email: string;
  role: SignUpRole;
  /** A new photo to upload; null keeps the account's photo. */
  photo: File | null;
}

/**
 * The steps after the sign-in account exists: upload the photo → set the display name and photo
 * → PUT /users. Resolves to the user as the provider now has it; a failed step throws a
 * RegistrationStepError saying which.
 */
function saveProfile(
  profile: Profile,
  onProgress?: (fraction: number) => void,
): AuthThunk<Promise<SessionUser>> {
  return async (dispatch, getState, { authService }) => {
    let photoURL = getState().auth.user?.photoURL ?? null;
    if (profile.photo) {
      const upload = await dispatch(
        imageHostApi.endpoints.uploadImage.initiate({ image: profile.photo, onProgress }),
      );
      if ('error' in upload) {
        throw new RegistrationStepError(
          `Your photo could not be uploaded (${upload.error && 'message' in upload.error ? upload.error.message : 'unknown error'}).`,
        );
      }
      photoURL = absoluteUrl(upload.data.displayUrl);
    }
    const user = await authService.updateProfile({ displayName: profile.name, photoURL });
    const refused = await dispatch(
      saveUserRecord({
        name: profile.name,
        email: profile.email,
        userRole: profile.role,
        userImg: photoURL,
        userVerify: 'false',
      }),
    );
    if (refused) throw new RegistrationStepError(`Your account could not be saved (${refused}).`);
    return user;
  };
}

/**
 * Registration, in order: create the account → upload the photo → set the display name and
 * photo → PUT /users. The user shows as signed in only once every step is done. If a step after
 * the account exists fails, the account is deleted again (so the email stays free) and the error
 * says which step failed. A registration cut short (the page closed) is finished by
 * `finishRegistration` at the next sign-in.
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
      const user = await dispatch(saveProfile(input, onProgress));
      dispatch(registrationCompleted(user));
      // 'Confirm your e-mail': a failure here leaves the dashboard's banner to send it again.
      // Its call's code loads now, not with the registration form.
      void import('../../lib/api/accountLinks').then(({ accountLinksApi }) =>
        dispatch(accountLinksApi.endpoints.sendEmailConfirmation.initiate()),
      );
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
 * Finishes a registration that was cut short: the signed-in account has no user record yet.
 * Nothing is deleted when a step fails: the account stays, and the form can be sent again.
 */
export function finishRegistration(
  input: Omit<Profile, 'email'>,
  onProgress?: (fraction: number) => void,
): AuthThunk<Promise<void>> {
  return async (dispatch, getState) => {
    const email = getState().auth.user?.email;
    if (!email) throw new RegistrationStepError('You are not signed in any more.');
    const user = await dispatch(saveProfile({ ...input, email }, onProgress));
    dispatch(registrationCompleted(user));
  };
}

/**
 * Google sign-in. A new user is always registered as a Buyer; the server keeps the
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
      const refused = await dispatch(saveUserRecord(googleBuyerRecord(user)));
      // Not saved now: the next page load's record check saves it (checkAccountRecord).
      if (refused) console.error('Could not save the Google account', refused);
      dispatch(authAttemptFinished());
    } catch (error) {
      dispatch(authAttemptFailed());
      throw error;
    }
  };
}

/** Sets a new password with the code of a mailed reset link (the provider's error is thrown). */
export function confirmPasswordReset(code: string, newPassword: string): AuthThunk<Promise<void>> {
  return async (_dispatch, _getState, { authService }) => {
    await authService.confirmPasswordReset(code, newPassword);
  };
}

/** Applies the code of a mailed confirmation link with the provider (its error is thrown). */
export function applyEmailCode(code: string): AuthThunk<Promise<void>> {
  return async (_dispatch, _getState, { authService }) => {
    await authService.applyActionCode(code);
  };
}
