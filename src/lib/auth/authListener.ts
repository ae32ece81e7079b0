import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { mayHaveSession } from '../api/accessToken';
import { userSignedIn, userSignedOut, type AuthRootState } from './authSlice';
import type { AuthService } from './firebase';

export interface ThunkExtra {
  authService: AuthService;
}

/** A thunk of the session code: the auth state, the provider as its extra argument. */
export type AuthThunk<R> = ThunkAction<R, AuthRootState, ThunkExtra, UnknownAction>;

/**
 * Subscribes to the provider's auth state and turns each change into an event for the store.
 * Resolves to the unsubscribe function.
 */
export function startAuthListener(): AuthThunk<Promise<() => void>> {
  return (dispatch, _getState, { authService }) =>
    authService.subscribe((user) => {
      dispatch(user ? userSignedIn(user) : userSignedOut());
    });
}

const listening = new WeakMap<ThunkExtra, Promise<() => void>>();

/**
 * Starts the store's auth listener unless it already runs (once per store: the store's thunk
 * `extra` is the key). The app starts it when a session may exist, and the sign-in thunks before
 * they sign in, so a visitor with no session never loads Firebase.
 */
export function ensureAuthListener(): AuthThunk<Promise<() => void>> {
  return (dispatch, _getState, extra) => {
    let started = listening.get(extra);
    if (!started) {
      started = dispatch(startAuthListener());
      listening.set(extra, started);
    }
    return started;
  };
}

/**
 * Reads the session a page load starts with. Only a browser that holds an access token, or has
 * signed in and not yet received one, can have a session: the listener (and with it Firebase)
 * is started for it; any other visitor is signed out at once, without loading Firebase.
 */
export function restoreSession(): AuthThunk<void> {
  return (dispatch) => {
    if (mayHaveSession()) void dispatch(ensureAuthListener());
    else dispatch(userSignedOut());
  };
}
