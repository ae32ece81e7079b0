/**
 * A page left between sign-in and the access token's arrival must still find the session on
 * the next load: the app loads the sign-in provider only when `mayHaveSession()` (src/main.tsx).
 */
import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { fakeProvider } from '../../testing/firebaseAuth';
import { API, server } from '../../testing/server';
import { listenToAuth, roleHandlers } from '../../testing/session';
import { mayHaveSession } from '../api/accessToken';
import { firebaseAuthService } from './firebase';

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

it('is kept from sign-in, before the access token arrives, until sign-out', async () => {
  const provider = fakeProvider([
    { email: 'ida@example.com', password: 'secret1', displayName: 'Ida' },
  ]);
  let releaseToken = () => {};
  const tokenHeld = new Promise<void>((resolve) => (releaseToken = resolve));
  server.use(
    ...provider.handlers,
    ...roleHandlers('buyer'),
    http.get(`${API}/jwt`, async () => {
      await tokenHeld;
      await delay(1);
      return HttpResponse.json({ accessToken: 'access-ida' });
    }),
  );
  const store = makeStore();
  await listenToAuth(store);
  expect(mayHaveSession()).toBe(false);

  await firebaseAuthService.signIn('ida@example.com', 'secret1');
  await waitFor(() => expect(store.getState().auth.user?.email).toBe('ida@example.com'));
  // Signed in, no token yet: a reload now must still read the session.
  expect(localStorage.getItem('accessToken')).toBeNull();
  expect(mayHaveSession()).toBe(true);

  releaseToken();
  await waitFor(() => expect(store.getState().auth.tokenReady).toBe(true));
  expect(localStorage.getItem('accessToken')).toBe('access-ida');
  expect(mayHaveSession()).toBe(true);

  await firebaseAuthService.signOut();
  await waitFor(() => expect(store.getState().auth.user).toBeNull());
  expect(mayHaveSession()).toBe(false);
  expect(localStorage.length).toBe(0);
});
