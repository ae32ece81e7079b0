import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderApp } from '../../testing/render';
import { server } from '../../testing/server';
import { jwtHandler, listenToAuth, roleHandlers } from '../../testing/session';

function setup(path = '/login', { delayMs = 0 } = {}) {
  const provider = fakeProvider(
    [{ email: 'sam@example.com', password: 'secret1', displayName: 'Sam Seller' }],
    {
      delayMs,
    },
  );
  server.use(...provider.handlers, jwtHandler(), ...roleHandlers('seller'));
  const store = makeStore();
  void listenToAuth(store);
  const view = renderApp(path, { store });
  return { ...view, store, provider, user: userEvent.setup({ delay: null }) };
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

describe('Login page', () => {
  it('has the spec titles, the register link and the Google button', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('login'));
    expect(screen.getByText(/New to cardealer\?/)).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('button', { name: 'continue with goole' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('requires both fields', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Field is required')).toHaveLength(2);
  });

  it('says Incorrect password, and the form is usable again', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Incorrect password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('says User not found please register', async () => {
    const { user } = setup();
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('User not found please register')).toBeInTheDocument();
  });

  it('says so in words when the sign-in service locks the address out', async () => {
    const { user } = setup();
    server.use(
      http.post(/accounts:signInWithPassword/, () =>
        HttpResponse.json(
          { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER', errors: [] } },
          { status: 400 },
        ),
      ),
    );
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByText(
        'Too many failed sign-in attempts. Wait a few minutes and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('shows Loading... while busy, then signs in, stores the access token and goes home', async () => {
    // Each sign-in answer takes a second: on a busy machine a shorter wait could end the busy
    // state between finding the button and reading it.
    const { user, router } = setup('/login', { delayMs: 1000 });
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(await within(nav).findByText('Sam Seller')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('accessToken')).toBe('access-1'));
  });

  it('says Account suspended and stays signed out when the API refuses a suspended account', async () => {
    const { user, store } = setup();
    server.use(
      http.get(/\/api\/jwt/, () =>
        HttpResponse.json({ message: 'Account suspended' }, { status: 403 }),
      ),
    );
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Account suspended')).toBeInTheDocument();
    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(await within(nav).findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).queryByText('Sam Seller')).not.toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows the demo e-mails as text a person can read and copy', async () => {
    setup();
    await screen.findByRole('button', { name: /demo buyer/ });
    for (const email of ['seller@cardealer.dev', 'buyer@cardealer.dev', 'admin@cardealer.dev']) {
      expect(screen.getByText(email, { selector: 'span' })).toBeVisible();
    }
    expect(screen.getByText(/Demo accounts \(password cardealer123\)/)).toBeVisible();
  });

  it('fills the form from the demo box', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /demo buyer/ }));
    expect(screen.getByLabelText('Email')).toHaveValue('buyer@cardealer.dev');
    expect(screen.getByLabelText('Password')).toHaveValue('cardealer123');
  });
});

describe('Protected routes', () => {
  it('send a signed-out visitor to /login with the spec toast, and back after login', async () => {
    const { user, router } = setup('/dashboad');
    expect(await screen.findByText('Please login first to buy this product')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await user.type(await screen.findByLabelText('Email'), 'sam@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboad'));
    expect(await screen.findByRole('heading', { name: 'Welcome, Sam Seller' })).toBeInTheDocument();
    expect(screen.getByText('Seller', { selector: 'strong' })).toBeInTheDocument();
  });
});
