import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { jwtHandler, listenToAuth, roleHandlers } from '../../testing/session';

const UPLOAD = 'http://localhost/image-host/1/upload';

function setup({ uploadFails = false, saveHeld = Promise.resolve() } = {}) {
  const provider = fakeProvider([{ email: 'taken@example.com', password: 'secret1' }]);
  const saved: unknown[] = [];
  const uploadedBy: (string | null)[] = [];
  server.use(
    ...provider.handlers,
    jwtHandler(),
    ...roleHandlers(null),
    http.post(UPLOAD, ({ request }) => {
      uploadedBy.push(request.headers.get('authorization'));
      return uploadFails
        ? HttpResponse.json(
            { success: false, status: 415, message: 'Only JPEG, PNG, WebP or GIF images' },
            { status: 415 },
          )
        : HttpResponse.json({
            success: true,
            status: 200,
            data: { display_url: '/image-host/i/abc.png' },
          });
    }),
    http.put(`${API}/users`, async ({ request }) => {
      await saveHeld;
      saved.push(await request.json());
      return HttpResponse.json({
        acknowledged: true,
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 1,
        upsertedId: 'u1',
      });
    }),
  );
  const store = makeStore();
  void listenToAuth(store);
  const view = renderApp('/register', { store });
  return { ...view, provider, saved, uploadedBy, user: userEvent.setup({ delay: null }) };
}

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

async function fill(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(await screen.findByLabelText('Name'), 'Rita Rider');
  await user.type(screen.getByLabelText('Email'), email);
  await user.upload(screen.getByLabelText('Photo'), photo());
  await user.type(screen.getByLabelText('Password'), 'secret99');
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

describe('Register page', () => {
  it('requires name, email, photo and password, with the spec messages', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(4);
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.tab();
    expect(await screen.findByText('Password must be 6 characters or longer.')).toBeInTheDocument();
  });

  it('offers Seller or Buyer, Seller by default, behind a disabled placeholder', async () => {
    const { user } = setup();
    const role = await screen.findByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toBeEnabled());
    expect(role).toHaveDisplayValue('Seller');
    expect(screen.getByRole('option', { name: 'Make seller or buyer' })).toBeDisabled();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Make seller or buyer',
      'Seller',
      'Buyer',
    ]);
    await user.selectOptions(role, 'Buyer');
    expect(role).toHaveDisplayValue('Buyer');
  });

  it('creates the account, uploads the photo, saves the user and says Register successfull', async () => {
    const { user, router, saved, provider } = setup();
    await fill(user, 'rita@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Buyer');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Register successfull')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(saved).toEqual([
      {
        name: 'Rita Rider',
        email: 'rita@example.com',
        userRole: 'Buyer',
        userImg: 'http://localhost/image-host/i/abc.png',
        userVerify: 'false',
      },
    ]);
    const account = [...provider.accounts.values()].find((a) => a.email === 'rita@example.com');
    expect(account?.displayName).toBe('Rita Rider');
    expect(account?.photoUrl).toBe('http://localhost/image-host/i/abc.png');
  });

  it('uploads the photo as the new account, with its sign-in ID token', async () => {
    const { user, uploadedBy } = setup();
    await fill(user, 'uma@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Register successfull')).toBeInTheDocument();
    expect(uploadedBy).toHaveLength(1);
    const [scheme, token] = (uploadedBy[0] ?? '').split(' ');
    expect(scheme).toBe('bearer');
    const claims = JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ email: 'uma@example.com' });
  });

  it('shows the new user as signed in only once the user record is saved', async () => {
    let releaseSave = () => {};
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    const { user, router, saved, store } = setup({ saveHeld });
    await fill(user, 'slow@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    // The sign-in account exists and the photo is uploaded, but PUT /users has not answered.
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBe('access-1'));
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(within(nav).queryByText('Dashboad')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    releaseSave();
    expect(await screen.findByText('Register successfull')).toBeInTheDocument();
    expect(await within(nav).findByText('Dashboad')).toBeInTheDocument();
    expect(within(nav).getByText('Rita Rider')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
  });

  it('says User already registered for a taken email, and resets the form', async () => {
    const { user } = setup();
    await fill(user, 'taken@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('User already registered')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('says to wait when the sign-in service refuses more sign-ups from this address', async () => {
    const { user, saved } = setup();
    // The demo proxy's answer (Firebase's own lock-out, as a 429).
    const tooMany = { code: 429, message: 'TOO_MANY_ATTEMPTS_TRY_LATER', errors: [] };
    server.use(
      http.post(/accounts:signUp/, () => HttpResponse.json({ error: tooMany }, { status: 429 })),
    );
    await fill(user, 'rita@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        'Too many accounts were made from this address. Wait a while and try again.',
      ),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('removes the new account again when the photo upload fails, and says why', async () => {
    const { user, provider, saved } = setup({ uploadFails: true });
    await fill(user, 'late@example.com');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        /Your photo could not be uploaded \(Only JPEG, PNG, WebP or GIF images\)/,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(provider.calls.delete).toBe(1));
    expect([...provider.accounts.values()].some((a) => a.email === 'late@example.com')).toBe(false);
    expect(saved).toEqual([]);
    expect(screen.getByLabelText('Name')).toHaveValue('Rita Rider');
  });
});
