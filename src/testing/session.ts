import { ensureAuthListener } from '../lib/auth/authListener';
import { http, HttpResponse } from 'msw';
import type { SessionUser } from '../lib/auth/sessionUser';
import { API } from './server';

/** A signed-in session user for tests that start signed in. */
export function makeSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const email = overrides.email ?? 'sam@example.com';
  return {
    uid: 'uid-sam',
    displayName: 'Sam Seller',
    photoURL: null,
    email,
    emailVerified: false,
    phoneNumber: null,
    isAnonymous: false,
    tenantId: null,
    providerData: [
      {
        providerId: 'password',
        uid: email,
        displayName: 'Sam Seller',
        email,
        photoURL: null,
        phoneNumber: null,
      },
    ],
    metadata: { creationTime: null, lastSignInTime: null },
    ...overrides,
  };
}

/** Preloaded auth state: signed in, with an access token. */
export function signedInState(user: SessionUser = makeSessionUser()) {
  return {
    auth: { user, loading: false, tokenReady: true, attempt: null, account: 'complete' as const },
  };
}

/** The API's role lookups answering one role for every email (in the shapes of docs/api.md). */
export function roleHandlers(role: 'admin' | 'seller' | 'buyer' | null) {
  return [
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: role === 'admin' })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ seller: role === 'seller' })),
    http.get(`${API}/users/buyer/:email`, () => HttpResponse.json({ buyer: role === 'buyer' })),
  ];
}

/** GET /jwt answering an access token. */
export const jwtHandler = (token = 'access-1') =>
  http.get(`${API}/jwt`, () => HttpResponse.json({ accessToken: token }));

const listeners: Promise<() => void>[] = [];

/**
 * Starts the store's auth listener, as main.tsx does; every listener is stopped after each test
 * (setupTests), so one test's session never reaches the next test's store.
 */
export function listenToAuth(store: {
  dispatch: (action: ReturnType<typeof ensureAuthListener>) => Promise<() => void>;
}) {
  const unsubscribe = store.dispatch(ensureAuthListener());
  listeners.push(unsubscribe);
  return unsubscribe;
}

export async function stopAuthListeners(): Promise<void> {
  const pending = listeners.splice(0);
  for (const unsubscribe of pending) (await unsubscribe)();
}
