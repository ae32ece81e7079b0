import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from './sessionUser';

/**
 * Session state: loading at first, loading again when create, login, logout or
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
  /**
   * Whether the signed-in sign-in account has its user record (`PUT /users`): `unknown` until
   * checked, `incomplete` for an account whose registration was left before its end.
   */
  account: AccountRecord;
}

export type AccountRecord = 'unknown' | 'complete' | 'incomplete';

const initialState: AuthState = {
  user: null,
  loading: true,
  tokenReady: false,
  attempt: null,
  account: 'unknown',
};

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
      if (state.user?.uid !== action.payload.uid) {
        state.tokenReady = false;
        state.account = 'unknown';
      }
      // A registration shows its user as signed in only once every step is done
      // (`registrationCompleted`): until then the new account has no user record.
      if (state.attempt === 'create') return;
      state.user = action.payload;
      state.loading = false;
    },
    userSignedOut(state) {
      state.user = null;
      state.loading = false;
      state.tokenReady = false;
      state.account = 'unknown';
    },
    /** Every step of a registration (or of finishing one) is done: the user is signed in. */
    registrationCompleted(state, action: PayloadAction<SessionUser>) {
      state.user = action.payload;
      state.loading = false;
      state.attempt = null;
      state.account = 'complete';
    },
    accountRecordChecked(state, action: PayloadAction<{ uid: string; found: boolean }>) {
      // An answer about an account that has since signed out or changed is stale.
      if (state.user?.uid !== action.payload.uid) return;
      state.account = action.payload.found ? 'complete' : 'incomplete';
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
    selectAccountRecord: (state) => state.account,
  },
});

export const {
  authAttemptStarted,
  authAttemptFinished,
  authAttemptFailed,
  userSignedIn,
  userSignedOut,
  registrationCompleted,
  accountRecordChecked,
  accessTokenStored,
} = authSlice.actions;
export const {
  selectAuthUser,
  selectAuthLoading,
  selectUserEmail,
  selectIsSignedIn,
  selectTokenReady,
  selectAuthAttempt,
  selectAccountRecord,
} = authSlice.selectors;
export const authReducer = authSlice.reducer;
export type AuthRootState = { auth: AuthState };

/** The API refused the access token twice: the session is over. */
export const sessionExpired = createAction('auth/sessionExpired');

/** What the API answers (403) to every call and sign-in of an account an admin suspended. */
export const ACCOUNT_SUSPENDED = 'Account suspended';

/** The API refused the account as suspended: the app says so and signs out. */
export const accountSuspended = createAction('auth/accountSuspended');

/** Whether a refused call's answer says the account is suspended. */
export function isSuspension(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, data } = error as { status?: unknown; data?: unknown };
  return (
    status === 403 &&
    typeof data === 'object' &&
    data !== null &&
    (data as { message?: unknown }).message === ACCOUNT_SUSPENDED
  );
}
