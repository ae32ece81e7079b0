import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { api, errorMessage, type UpsertUserApiArg } from '../api';
import { storeAccessToken } from '../api/accessToken';
import {
  accessTokenStored,
  accountRecordChecked,
  isSuspension,
  authAttemptFailed,
  userSignedOut,
  authAttemptFinished,
  authAttemptStarted,
  type AuthRootState,
} from './authSlice';
import type { AuthThunk, ThunkExtra } from './authListener';
import type { SessionUser } from './sessionUser';

/** The user record a registration saves (`PUT /users`). */
export type UserRecord = UpsertUserApiArg['body'];

/** The record of a Google account: always a Buyer when new. */
export function googleBuyerRecord(user: SessionUser): UserRecord {
  return {
    name: user.displayName ?? user.email ?? 'CarDealer user',
    email: user.email ?? '',
    userRole: 'Buyer',
    userImg: user.photoURL ?? '',
    userVerify: 'false',
  };
}

/** Saves the signed-in account's user record; resolves to the server's reason when refused. */
export function saveUserRecord(record: UserRecord): AuthThunk<Promise<string | null>> {
  return async (dispatch) => {
    const saved = await dispatch(api.endpoints.upsertUser.initiate({ body: record }));
    return 'error' in saved ? errorMessage(saved.error, 'the server did not answer') : null;
  };
}

const isGoogleAccount = (user: SessionUser) =>
  user.providerData.some((provider) => provider.providerId === 'google.com');

/**
 * Whether the signed-in account has its user record. A registration left half-way (the page
 * closed or reloaded before `PUT /users`) leaves a sign-in account without one: a Google account
 * gets its Buyer record at once; a password account is marked `incomplete`, and the app asks for
 * what is missing. A lookup that fails decides nothing.
 */
export function checkAccountRecord(user: SessionUser): AuthThunk<Promise<void>> {
  return async (dispatch) => {
    const email = user.email;
    if (!email) return;
    const options = { subscribe: false } as const;
    const answers = await Promise.all([
      dispatch(api.endpoints.getIsAdmin.initiate({ email }, options)),
      dispatch(api.endpoints.getIsSeller.initiate({ email }, options)),
      dispatch(api.endpoints.getIsBuyer.initiate({ email }, options)),
    ]);
    if (answers.some((answer) => !answer.data)) return;
    let found = answers.some((answer) => Object.values(answer.data ?? {}).some(Boolean));
    if (!found && isGoogleAccount(user)) {
      const refused = await dispatch(saveUserRecord(googleBuyerRecord(user)));
      if (refused) console.error('Could not save the Google account', refused);
      found = refused === null;
    }
    dispatch(accountRecordChecked({ uid: user.uid, found }));
  };
}

/**
 * Log out: sign out of the provider, remove the stored accessToken, forget every
 * cached answer. A failure is logged and ends the busy state.
 *
 * The session ends here rather than on the provider's next event: the provider reports a change
 * only, and one that has already signed the account out itself (a deleted account, or one signed
 * out everywhere, whose token refresh was refused) reports nothing more.
 */
export function signOut(): AuthThunk<Promise<void>> {
  return async (dispatch, _getState, { authService }) => {
    dispatch(authAttemptStarted('logout'));
    try {
      await authService.signOut();
      // Its effect forgets the stored access token (sessionEffects.ts) before the cache goes.
      dispatch(userSignedOut());
      dispatch(api.util.resetApiState());
      dispatch(authAttemptFinished());
    } catch (error) {
      console.error('Log out failed', error);
      dispatch(authAttemptFailed());
    }
  };
}

/** Fetches the API access token for the signed-in email (GET /jwt with the ID token). */
export function fetchAccessToken(email: string): AuthThunk<Promise<boolean>> {
  return async (dispatch) => {
    const request = dispatch(
      api.endpoints.getAccessToken.initiate({ email }, { subscribe: false, forceRefetch: true }),
    );
    const result = await request;
    if (!result.data) {
      // A suspended account is told and signed out by baseQuery's accountSuspended.
      if (!isSuspension(result.error)) console.error('Could not get an access token', result.error);
      return false;
    }
    storeAccessToken(result.data.accessToken);
    dispatch(accessTokenStored());
    return true;
  };
}

export type SessionDispatch = ThunkDispatch<AuthRootState, ThunkExtra, UnknownAction>;

/** `dispatch` typed for the session thunks (shared code cannot use the app's typed hooks). */
export const useSessionDispatch = () => useDispatch<SessionDispatch>();
