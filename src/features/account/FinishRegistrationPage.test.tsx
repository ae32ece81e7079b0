import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { checkAccountRecord } from '../../lib/auth/session';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { jwtHandler, listenToAuth, makeSessionUser, signedInState } from '../../testing/session';

const UPLOAD = 'http://localhost/image-host/1/upload';

/**
 * The API as it answers for accounts whose registration stopped before `PUT /users`: no role
 * until a record is saved.
 */
function recordsApi() {
  const records = new Map<string, { userRole: string }>();
  const saved: unknown[] = [];
  const has = (email: string, role: string) => records.get(email)?.userRole === role;
  server.use(
    jwtHandler(),
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: false })),
    http.get(`${API}/users/seller/:email`, ({ params }) =>
      HttpResponse.json({ seller: has(String(params.email), 'Seller') }),
    ),
    http.get(`${API}/users/buyer/:email`, ({ params }) =>
      HttpResponse.json({ buyer: has(String(params.email), 'Buyer') }),
    ),
    http.put(`${API}/users`, async ({ request }) => {
      const body = (await request.json()) as { email: string; userRole: string };
      saved.push(body);
      records.set(body.email, body);
      return HttpResponse.json({
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
        upsertedId: 'u1',
      });
    }),
    http.get(`${API}/orders`, () => HttpResponse.json([])),
    http.post(UPLOAD, () =>
      HttpResponse.json({
        success: true,
        status: 200,
        data: { display_url: '/image-host/i/me.png' },
      }),
    ),
  );
  return { saved };
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

describe('Finishing a registration that was cut short', () => {
  it('asks a password account without a user record for what is missing, then signs it in', async () => {
    const provider = fakeProvider([{ email: 'half@example.com', password: 'secret1' }]);
    server.use(...provider.handlers);
    const { saved } = recordsApi();
    const store = makeStore();
    void listenToAuth(store);
    const { router } = renderApp('/login', { store });
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByLabelText('Email'), 'half@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { name: 'Finish your registration' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/finish-registration');
    expect(screen.getByText('half@example.com')).toBeInTheDocument();
    // Another page sends the account back here until it is finished: no loop to /login.
    await act(() => router.navigate('/dashboad/my-orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/finish-registration'));

    await user.click(await screen.findByRole('button', { name: 'Finish registration' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Name'), 'Hal Half');
    await user.upload(
      screen.getByLabelText('Photo'),
      new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Buyer');
    await user.click(screen.getByRole('button', { name: 'Finish registration' }));

    expect(await screen.findByText('Register successfull')).toBeInTheDocument();
    // Back where the account was going when it was sent here.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboad/my-orders'));
    expect(saved).toEqual([
      {
        name: 'Hal Half',
        email: 'half@example.com',
        userRole: 'Buyer',
        userImg: 'http://localhost/image-host/i/me.png',
        userVerify: 'false',
      },
    ]);
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(await within(nav).findByText('Hal Half')).toBeInTheDocument();
    expect(store.getState().auth.account).toBe('complete');
  });

  it('saves the Buyer record of a Google account without one at once', async () => {
    const { saved } = recordsApi();
    const google = makeSessionUser({
      email: 'gia@example.com',
      displayName: 'Gia Google',
      photoURL: 'https://example.com/gia.png',
      providerData: [
        {
          providerId: 'google.com',
          uid: 'gia',
          displayName: 'Gia Google',
          email: 'gia@example.com',
          photoURL: 'https://example.com/gia.png',
          phoneNumber: null,
        },
      ],
    });
    const store = makeStore({
      preloadedState: { auth: { ...signedInState(google).auth, account: 'unknown' } },
    });
    await store.dispatch(checkAccountRecord(google));
    expect(saved).toEqual([
      {
        name: 'Gia Google',
        email: 'gia@example.com',
        userRole: 'Buyer',
        userImg: 'https://example.com/gia.png',
        userVerify: 'false',
      },
    ]);
    expect(store.getState().auth.account).toBe('complete');
  });

  it('decides nothing when the lookups fail', async () => {
    server.use(
      http.get(`${API}/users/:role/:email`, () =>
        HttpResponse.json({ message: 'Only an admin may do this' }, { status: 403 }),
      ),
    );
    const person = makeSessionUser();
    const store = makeStore({
      preloadedState: { auth: { ...signedInState(person).auth, account: 'unknown' } },
    });
    await store.dispatch(checkAccountRecord(person));
    expect(store.getState().auth.account).toBe('unknown');
  });
});
