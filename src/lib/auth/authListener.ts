import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { userSignedIn, userSignedOut, type AuthRootState } from './authSlice';
import type { AuthService } from './firebase';

export interface ThunkExtra {
  authService: AuthService;
}

/**
 * Subscribes to the provider's auth state and turns each change into an event for the store.
 * Resolves to the unsubscribe function.
 */
export function startAuthListener(): ThunkAction<
  Promise<() => void>,
  AuthRootState,
  ThunkExtra,
  UnknownAction
> {
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
export function ensureAuthListener(): ThunkAction<
  Promise<() => void>,
  AuthRootState,
  ThunkExtra,
  UnknownAction
> {
  return (dispatch, _getState, extra) => {
    let started = listening.get(extra);
    if (!started) {
      started = dispatch(startAuthListener());
      listening.set(extra, started);
    }
    return started;
  };
}
