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
 * they sign in, so a visitor with no session never loads Firebase. A start that failed (the
 * provider's code could not be downloaded) is forgotten: the next call starts it again.
 */
export function ensureAuthListener(): AuthThunk<Promise<() => void>> {
  return (dispatch, _getState, extra) => {
    const running = listening.get(extra);
    if (running) return running;
    const started = dispatch(startAuthListener());
    listening.set(extra, started);
    started.catch(() => {
      if (listening.get(extra) === started) listening.delete(extra);
    });
    return started;
  };
}

/**
 * Starts the listener ahead of a sign-in (a sign-in form's focus), so its code is loaded by the
 * time the form is sent. A failure is left to the sign-in itself, which starts it again and says
 * what went wrong.
 */
export function preloadAuthListener(): AuthThunk<void> {
  return (dispatch) => {
    dispatch(ensureAuthListener()).catch(() => undefined);
  };
}

/**
 * Reads the session a page load starts with. Only a browser that holds an access token, or has
 * signed in and not yet received one, can have a session: the listener (and with it Firebase)
 * is started for it; any other visitor is signed out at once, without loading Firebase.
 */
export function restoreSession(): AuthThunk<void> {
  return (dispatch) => {
    if (mayHaveSession()) {
      dispatch(ensureAuthListener()).catch((error: unknown) => {
        console.error('The sign-in code could not be loaded', error);
      });
    } else dispatch(userSignedOut());
  };
}
