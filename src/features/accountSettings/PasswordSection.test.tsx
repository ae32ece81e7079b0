import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { listenToAuth, roleHandlers } from '../../testing/session';

jest.setTimeout(20_000);

const EMAIL = 'sam@example.com';

/**
 * Signed in through the sign-in provider's SDK (its REST API answered by MSW) on the Account
 * settings page. Every call to the provider and the API that matters here is written down in
 * order, with the access token each API call carried.
 */
async function openSettings(signOutAnswer: () => Response) {
  const provider = fakeProvider([{ email: EMAIL, password: 'secret1', displayName: 'Sam' }]);
  const log: string[] = [];
  let issued = 0;
  server.events.on('request:start', ({ request }) => {
    // The SDK's reads of the account (lookup) say nothing about the sessions.
    const method = /accounts:(signInWithPassword|update)/.exec(request.url)?.[1];
    if (method) log.push(`provider ${method}`);
  });
  server.use(
    ...provider.handlers,
    ...roleHandlers('seller'),
    http.get(`${API}/jwt`, () => {
      issued += 1;
      log.push(`GET /jwt -> access-${issued}`);
      return HttpResponse.json({ accessToken: `access-${issued}` });
    }),
    http.post(`${API}/me/sign-out-everywhere`, ({ request }) => {
      log.push(`POST /me/sign-out-everywhere (${request.headers.get('authorization')})`);
      return signOutAnswer();
    }),
  );
  const store = makeStore();
  void listenToAuth(store);
  await firebaseAuthService.signIn(EMAIL, 'secret1');
  const view = renderApp('/dashboad/account', { store });
  expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await waitFor(() => expect(localStorage.getItem('accessToken')).toBe('access-1'));
  log.splice(0);
  const user = userEvent.setup({ delay: null });
  const section = await screen.findByRole('region', { name: 'Password' });
  const change = async () => {
    await user.type(within(section).getByLabelText('Current password'), 'secret1');
    await user.type(within(section).getByLabelText('New password'), 'brand-new-1');
    await user.type(within(section).getByLabelText('New password again'), 'brand-new-1');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
  };
  return { ...view, provider, log, change };
}

afterEach(async () => {
  server.events.removeAllListeners();
  await firebaseAuthService.signOut();
  localStorage.clear();
});

describe('Password section', () => {
  it('ends every other session after the change, and keeps this one signed in', async () => {
    const { provider, log, change, router } = await openSettings(
      () => new HttpResponse(null, { status: 204 }),
    );
    await change();
    expect(await screen.findByText('Your password is changed')).toBeInTheDocument();
    expect([...provider.accounts.values()][0]?.password).toBe('brand-new-1');
    // The current password checked, the new one set, every session ended with the token of
    // before, then a sign-in with the new password, newer than the sign-out, gets a new token.
    await waitFor(() =>
      expect(log).toEqual([
        'provider signInWithPassword',
        'provider update',
        'POST /me/sign-out-everywhere (bearer access-1)',
        'provider signInWithPassword',
        'GET /jwt -> access-2',
      ]),
    );
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(router.state.location.pathname).toBe('/dashboad/account');
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  });

  it('says so when the other sessions could not be ended', async () => {
    const { provider, log, change } = await openSettings(() =>
      HttpResponse.json({ message: 'Too many requests' }, { status: 429 }),
    );
    await change();
    expect(
      await screen.findByText(
        'Your password is changed, but your other sessions could not be ended: use Sign out everywhere.',
      ),
    ).toBeInTheDocument();
    expect([...provider.accounts.values()][0]?.password).toBe('brand-new-1');
    expect(log).not.toContain('GET /jwt -> access-2');
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });
});
