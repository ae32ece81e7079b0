import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { fakeProvider } from '../../testing/firebaseAuth';
import { API, server } from '../../testing/server';
import { firebaseAuthService } from '../auth/firebase';
import { listenToAuth, roleHandlers } from '../../testing/session';
import { api } from './index';

/** A signed-in store whose API token the server will refuse. */
async function signedInStore() {
  const provider = fakeProvider([
    { email: 'bea@example.com', password: 'secret1', displayName: 'Bea' },
  ]);
  let jwtCalls = 0;
  server.use(
    ...provider.handlers,
    ...roleHandlers('buyer'),
    http.get(`${API}/jwt`, ({ request }) => {
      jwtCalls += 1;
      const proof = request.headers.get('authorization') ?? '';
      return proof.startsWith('Bearer ')
        ? HttpResponse.json({ accessToken: `access-${jwtCalls}` })
        : HttpResponse.json({ message: 'missing ID token' }, { status: 401 });
    }),
  );
  const store = makeStore();
  await listenToAuth(store);
  await firebaseAuthService.signIn('bea@example.com', 'secret1');
  await waitFor(() => expect(store.getState().auth.tokenReady).toBe(true));
  expect(localStorage.getItem('accessToken')).toBe('access-1');
  return { store, jwtCalls: () => jwtCalls };
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

describe('access token renewal', () => {
  it('renews the token once on a 401 and replays the call', async () => {
    const { store, jwtCalls } = await signedInStore();
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${API}/orders`, ({ request }) => {
        const token = request.headers.get('authorization');
        seen.push(token);
        return token === 'bearer access-2'
          ? HttpResponse.json([])
          : HttpResponse.json({ message: 'token expired' }, { status: 401 });
      }),
    );
    const result = await store.dispatch(
      api.endpoints.getOrders.initiate({ email: 'bea@example.com' }),
    );
    expect(result.data).toEqual([]);
    expect(seen).toEqual(['bearer access-1', 'bearer access-2']);
    expect(jwtCalls()).toBe(2); // one at sign-in, one renewal
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(store.getState().auth.user?.email).toBe('bea@example.com');
  });

  it('signs out when the replay is refused too', async () => {
    const { store, jwtCalls } = await signedInStore();
    let orderCalls = 0;
    server.use(
      http.get(`${API}/orders`, () => {
        orderCalls += 1;
        return HttpResponse.json({ message: 'not allowed' }, { status: 401 });
      }),
    );
    const result = await store.dispatch(
      api.endpoints.getOrders.initiate({ email: 'bea@example.com' }),
    );
    expect(result.error).toMatchObject({ status: 401 });
    expect(orderCalls).toBe(2); // the call and one replay
    expect(jwtCalls()).toBe(2); // one renewal
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
