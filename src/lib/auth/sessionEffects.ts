import type {
  ListenerEffectAPI,
  TypedStartListening,
  UnknownAction,
  ThunkDispatch,
} from '@reduxjs/toolkit';
import { api } from '../api';
import { forgetSession, markSignedIn } from '../api/accessToken';
import { accountRecordSaved } from '../api/accountRecord';
import { notify } from '../notify/notify';
import {
  ACCOUNT_SUSPENDED,
  accountSuspended,
  sessionExpired,
  userSignedIn,
  userSignedOut,
  type AuthRootState,
} from './authSlice';
import type { ThunkExtra } from './authListener';
import { checkAccountRecord, fetchAccessToken, signOut } from './session';

type Dispatch = ThunkDispatch<AuthRootState, ThunkExtra, UnknownAction>;
export type SessionStartListening = TypedStartListening<AuthRootState, Dispatch, ThunkExtra>;
export type SessionEffectApi = ListenerEffectAPI<AuthRootState, Dispatch, ThunkExtra>;

/**
 * What follows a session event: an access token for a signed-in email, no token once signed
 * out, and a sign-out when the API refuses the token even after a renewal, or refuses the
 * account as suspended (said once, however many calls were refused). The live events, refused
 * to an account without its user record, open as soon as a registration saves it.
 */
export function addSessionEffects(startListening: SessionStartListening): void {
  startListening({
    matcher: api.endpoints.upsertUser.matchFulfilled,
    effect: () => accountRecordSaved(),
  });
  startListening({
    actionCreator: userSignedIn,
    effect: async (action, listenerApi) => {
      const email = action.payload.email;
      if (!email) return;
      // Before anything waits: a page loaded from now on reads the session (src/main.tsx).
      markSignedIn();
      // The same user again (a profile refresh, a token renewal): keep the token we have.
      listenerApi.cancelActiveListeners();
      if (!(await listenerApi.dispatch(fetchAccessToken(email)))) return;
      // A registration or a Google sign-in under way saves the record itself.
      const attempt = listenerApi.getState().auth.attempt;
      if (attempt === 'create' || attempt === 'provider') return;
      await listenerApi.dispatch(checkAccountRecord(action.payload));
    },
  });
  startListening({
    actionCreator: userSignedOut,
    effect: () => forgetSession(),
  });
  let suspensionShown = false;
  startListening({
    actionCreator: accountSuspended,
    effect: async (_action, listenerApi) => {
      if (suspensionShown || !listenerApi.getState().auth.user) return;
      suspensionShown = true;
      notify.error(ACCOUNT_SUSPENDED);
      try {
        await listenerApi.dispatch(signOut());
      } finally {
        suspensionShown = false;
      }
    },
  });
  startListening({
    actionCreator: sessionExpired,
    effect: async (_action, listenerApi) => {
      await listenerApi.dispatch(signOut());
    },
  });
}
