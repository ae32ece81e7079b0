/** The import's upload goes by XMLHttpRequest, outside the API's renewal: it renews and resends. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { listenToAuth } from '../../testing/session';
import { csvFile, freshImport, importServer } from './importTestServer';

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

it('renews an access token that ran out and sends the files once more', async () => {
  const provider = fakeProvider([
    { email: 'sam@example.com', password: 'secret1', displayName: 'Sam Seller' },
  ]);
  let tokens = 0;
  const posted: (string | null)[] = [];
  importServer();
  server.use(
    ...provider.handlers,
    http.get(`${API}/jwt`, () => {
      tokens += 1;
      return HttpResponse.json({ accessToken: `access-${tokens}` });
    }),
    // The first token has run out by the time the seller uploads.
    http.get(`${API}/imports/current`, ({ request }) =>
      request.headers.get('authorization') === 'bearer access-1'
        ? HttpResponse.json({ message: 'token expired' }, { status: 401 })
        : HttpResponse.json({ message: 'No import yet' }, { status: 404 }),
    ),
    http.post(`${API}/imports`, ({ request }) => {
      const token = request.headers.get('authorization');
      posted.push(token);
      return token === 'bearer access-1'
        ? HttpResponse.json({ message: 'token expired' }, { status: 401 })
        : HttpResponse.json(freshImport(), { status: 202 });
    }),
  );
  const store = makeStore();
  await listenToAuth(store);
  await firebaseAuthService.signIn('sam@example.com', 'secret1');
  await waitFor(() => expect(store.getState().auth.tokenReady).toBe(true));
  // The page's own first request renews the token: it is made to run out again.
  renderApp('/dashboad/import', { store });
  const user = userEvent.setup();
  const picker = await screen.findByLabelText('Stock file (CSV)');
  localStorage.setItem('accessToken', 'access-1');
  await user.upload(picker, csvFile());
  await user.click(screen.getByRole('button', { name: 'Upload and check' }));
  expect(await screen.findByRole('progressbar', { name: 'Checking your file' })).toBeVisible();
  expect(posted[0]).toBe('bearer access-1');
  expect(posted.at(-1)).not.toBe('bearer access-1');
  expect(posted).toHaveLength(2);
});
