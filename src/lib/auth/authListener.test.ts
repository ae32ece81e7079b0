import configureMockStore from 'redux-mock-store';
import { withExtraArgument } from 'redux-thunk';
import type { UnknownAction } from '@reduxjs/toolkit';
import { makeSessionUser } from '../../testing/session';
import { ensureAuthListener, startAuthListener, type ThunkExtra } from './authListener';
import { userSignedIn, userSignedOut, type AuthRootState } from './authSlice';
import type { AuthService } from './firebase';
import type { SessionUser } from './sessionUser';

/** A provider whose auth state the test drives by hand. */
function controllableProvider({ failures = 0 } = {}) {
  let listener: ((user: SessionUser | null) => void) | undefined;
  let unsubscribed = false;
  let subscriptions = 0;
  let failing = failures;
  const service = {
    subscribe: async (onChange: (user: SessionUser | null) => void) => {
      subscriptions += 1;
      // The provider's code could not be downloaded (offline, or a deploy removed it).
      if (failing > 0) {
        failing -= 1;
        throw new Error('Loading chunk firebase failed.');
      }
      listener = onChange;
      return () => {
        unsubscribed = true;
      };
    },
  } as Partial<AuthService> as AuthService;
  return {
    service,
    emit: (user: SessionUser | null) => listener?.(user),
    get unsubscribed() {
      return unsubscribed;
    },
    get subscriptions() {
      return subscriptions;
    },
  };
}

type MockMiddleware = NonNullable<Parameters<typeof configureMockStore>[0]>[number];
type Store = ReturnType<ReturnType<typeof configureMockStore<AuthRootState, UnknownAction>>>;

describe('auth listener thunk', () => {
  function setup(options?: { failures?: number }) {
    const provider = controllableProvider(options);
    const extra: ThunkExtra = { authService: provider.service };
    const mockStore = configureMockStore<AuthRootState, UnknownAction>([
      // redux-mock-store's types predate redux-thunk 3's middleware type; the runtime is the same.
      withExtraArgument(extra) as unknown as MockMiddleware,
    ]);
    const store: Store = mockStore({
      auth: { user: null, loading: true, tokenReady: false, attempt: null, account: 'unknown' },
    });
    return { provider, store };
  }

  it('turns each auth state change into an event, in order', async () => {
    const { provider, store } = setup();
    await store.dispatch(startAuthListener() as unknown as UnknownAction);
    const sam = makeSessionUser();
    provider.emit(null);
    provider.emit(sam);
    provider.emit(null);
    expect(store.getActions()).toEqual([userSignedOut(), userSignedIn(sam), userSignedOut()]);
  });

  it('resolves to an unsubscribe function', async () => {
    const { provider, store } = setup();
    const unsubscribe = (await store.dispatch(
      startAuthListener() as unknown as UnknownAction,
    )) as unknown as () => void;
    unsubscribe();
    expect(provider.unsubscribed).toBe(true);
  });

  it('is started once per store however often it is asked for (app start, each sign-in)', async () => {
    const { provider, store } = setup();
    const first = store.dispatch(ensureAuthListener() as unknown as UnknownAction);
    const again = store.dispatch(ensureAuthListener() as unknown as UnknownAction);
    expect(again).toBe(first);
    await first;
    provider.emit(null);
    expect(provider.subscriptions).toBe(1);
    expect(store.getActions()).toEqual([userSignedOut()]);

    // Another store (another page load) starts its own.
    const other = setup();
    await other.store.dispatch(ensureAuthListener() as unknown as UnknownAction);
    expect(other.provider.subscriptions).toBe(1);
  });

  it('starts again at the next call after a start that failed (a failed download)', async () => {
    const { provider, store } = setup({ failures: 1 });
    await expect(store.dispatch(ensureAuthListener() as unknown as UnknownAction)).rejects.toThrow(
      'Loading chunk firebase failed.',
    );
    await store.dispatch(ensureAuthListener() as unknown as UnknownAction);
    provider.emit(null);
    expect(provider.subscriptions).toBe(2);
    expect(store.getActions()).toEqual([userSignedOut()]);
  });
});
