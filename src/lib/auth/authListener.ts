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
