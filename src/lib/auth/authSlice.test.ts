import {
  accessTokenStored,
  authAttemptFailed,
  authAttemptStarted,
  accountRecordChecked,
  authReducer,
  registrationCompleted,
  selectAccountRecord,
  selectAuthAttempt,
  selectAuthLoading,
  selectAuthUser,
  selectIsSignedIn,
  selectTokenReady,
  selectUserEmail,
  userSignedIn,
  userSignedOut,
  type AuthState,
} from './authSlice';
import { makeSessionUser } from '../../testing/session';

const initial = authReducer(undefined, { type: 'init' });
const root = (auth: AuthState) => ({ auth });

describe('auth slice', () => {
  it('starts loading, with nobody signed in', () => {
    expect(initial).toEqual({
      user: null,
      loading: true,
      tokenReady: false,
      attempt: null,
      account: 'unknown',
    });
    expect(selectAuthLoading(root(initial))).toBe(true);
    expect(selectIsSignedIn(root(initial))).toBe(false);
  });

  it.each(['create', 'login', 'logout', 'provider'] as const)(
    'is loading again when %s starts',
    (attempt) => {
      const settled = authReducer(initial, userSignedOut());
      const state = authReducer(settled, authAttemptStarted(attempt));
      expect(state.loading).toBe(true);
      expect(selectAuthAttempt(root(state))).toBe(attempt);
    },
  );

  it('settles on the next auth state change, holding a plain projection of the user', () => {
    const user = makeSessionUser();
    const state = authReducer(
      authReducer(initial, authAttemptStarted('login')),
      userSignedIn(user),
    );
    expect(state.loading).toBe(false);
    expect(selectAuthUser(root(state))).toEqual(user);
    expect(selectUserEmail(root(state))).toBe('sam@example.com');
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('settles when an attempt fails (the seed stayed loading)', () => {
    const state = authReducer(
      authReducer(initial, authAttemptStarted('login')),
      authAttemptFailed(),
    );
    expect(state.loading).toBe(false);
    expect(state.attempt).toBeNull();
  });

  it('shows a new account as signed in only once every registration step is done', () => {
    let state = authReducer(initial, authAttemptStarted('create'));
    state = authReducer(state, userSignedIn(makeSessionUser({ displayName: null })));
    // The sign-in account exists, but the photo, profile and user record are still on their way.
    expect(selectIsSignedIn(root(state))).toBe(false);
    expect(selectAuthLoading(root(state))).toBe(true);
    expect(state.attempt).toBe('create');
    state = authReducer(state, accessTokenStored());
    state = authReducer(
      state,
      registrationCompleted(makeSessionUser({ displayName: 'New', photoURL: 'http://x/p.png' })),
    );
    expect(selectAuthUser(root(state))?.displayName).toBe('New');
    expect(selectAuthUser(root(state))?.photoURL).toBe('http://x/p.png');
    expect(state).toMatchObject({ loading: false, attempt: null, tokenReady: true });
    expect(selectAccountRecord(root(state))).toBe('complete');
  });

  it('marks an account without a user record incomplete, ignoring a stale answer', () => {
    let state = authReducer(initial, userSignedIn(makeSessionUser()));
    expect(selectAccountRecord(root(state))).toBe('unknown');
    state = authReducer(state, accountRecordChecked({ uid: 'someone-else', found: false }));
    expect(selectAccountRecord(root(state))).toBe('unknown');
    state = authReducer(state, accountRecordChecked({ uid: 'uid-sam', found: false }));
    expect(selectAccountRecord(root(state))).toBe('incomplete');
    state = authReducer(state, userSignedOut());
    expect(selectAccountRecord(root(state))).toBe('unknown');
  });

  it('tracks the access token, and forgets it on sign-out or for another user', () => {
    let state = authReducer(
      authReducer(initial, userSignedIn(makeSessionUser())),
      accessTokenStored(),
    );
    expect(selectTokenReady(root(state))).toBe(true);
    state = authReducer(state, userSignedIn(makeSessionUser({ uid: 'someone-else' })));
    expect(state.tokenReady).toBe(false);
    state = authReducer(authReducer(state, accessTokenStored()), userSignedOut());
    expect(state).toEqual({
      user: null,
      loading: false,
      tokenReady: false,
      attempt: null,
      account: 'unknown',
    });
  });
});
