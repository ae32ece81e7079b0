import {
  accessTokenStored,
  authAttemptFailed,
  authAttemptFinished,
  authAttemptStarted,
  authReducer,
  profileUpdated,
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

describe('auth slice (spec §4 Auth)', () => {
  it('starts loading, with nobody signed in', () => {
    expect(initial).toEqual({ user: null, loading: true, tokenReady: false, attempt: null });
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

  it('keeps the session while a registration finishes its steps', () => {
    let state = authReducer(initial, authAttemptStarted('create'));
    state = authReducer(state, userSignedIn(makeSessionUser()));
    expect(state.attempt).toBe('create');
    state = authReducer(state, authAttemptFinished());
    expect(state.attempt).toBeNull();
  });

  it('shows a new name and photo at once after a profile update', () => {
    const signedIn = authReducer(initial, userSignedIn(makeSessionUser()));
    const state = authReducer(
      signedIn,
      profileUpdated(makeSessionUser({ displayName: 'New', photoURL: 'http://x/p.png' })),
    );
    expect(state.user?.displayName).toBe('New');
    expect(state.user?.photoURL).toBe('http://x/p.png');
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
    expect(state).toEqual({ user: null, loading: false, tokenReady: false, attempt: null });
  });
});
