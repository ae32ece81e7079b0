import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { api } from '../api';
import { forgetSession, storeAccessToken } from '../api/accessToken';
import {
  accessTokenStored,
  authAttemptFailed,
  authAttemptFinished,
  authAttemptStarted,
  type AuthRootState,
} from './authSlice';
import type { AuthThunk, ThunkExtra } from './authListener';

/**
 * Log out (spec §1): sign out of the provider, remove the stored accessToken, forget every
 * cached answer. A failure is logged and ends the busy state.
 */
export function signOut(): AuthThunk<Promise<void>> {
  return async (dispatch, _getState, { authService }) => {
    dispatch(authAttemptStarted('logout'));
    try {
      await authService.signOut();
      forgetSession();
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
      console.error('Could not get an access token', result.error);
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
