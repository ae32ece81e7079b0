import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from './sessionUser';

/**
 * Session state (spec §4 Auth): loading at first, loading again when create, login, logout or
 * provider sign-in starts, settled on the next auth state change (or when the attempt fails:
 * the seed left a failed login loading forever).
 */
export interface AuthState {
  user: SessionUser | null;
  loading: boolean;
  /** An access token for the API is in local storage for this user. */
  tokenReady: boolean;
  /** The sign-in work under way (a registration spans several steps after the account exists). */
  attempt: AuthAttempt | null;
}

const initialState: AuthState = { user: null, loading: true, tokenReady: false, attempt: null };

export type AuthAttempt = 'create' | 'login' | 'logout' | 'provider';

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authAttemptStarted(state, action: PayloadAction<AuthAttempt>) {
      state.loading = true;
      state.attempt = action.payload;
    },
    authAttemptFinished(state) {
      state.attempt = null;
    },
    authAttemptFailed(state) {
      state.loading = false;
      state.attempt = null;
    },
    userSignedIn(state, action: PayloadAction<SessionUser>) {
      if (state.user?.uid !== action.payload.uid) state.tokenReady = false;
      state.user = action.payload;
      state.loading = false;
    },
    userSignedOut(state) {
      state.user = null;
      state.loading = false;
      state.tokenReady = false;
    },
    profileUpdated(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
    },
    accessTokenStored(state) {
      state.tokenReady = true;
    },
  },
  selectors: {
    selectAuthUser: (state) => state.user,
    selectAuthLoading: (state) => state.loading,
    selectUserEmail: (state) => state.user?.email ?? null,
    selectIsSignedIn: (state) => state.user !== null,
    selectTokenReady: (state) => state.tokenReady,
    selectAuthAttempt: (state) => state.attempt,
  },
});

export const {
  authAttemptStarted,
  authAttemptFinished,
  authAttemptFailed,
  userSignedIn,
  userSignedOut,
  profileUpdated,
  accessTokenStored,
} = authSlice.actions;
export const {
  selectAuthUser,
  selectAuthLoading,
  selectUserEmail,
  selectIsSignedIn,
  selectTokenReady,
  selectAuthAttempt,
} = authSlice.selectors;
export const authReducer = authSlice.reducer;
export type AuthRootState = { auth: AuthState };

/** The API refused the access token twice: the session is over. */
export const sessionExpired = createAction('auth/sessionExpired');
