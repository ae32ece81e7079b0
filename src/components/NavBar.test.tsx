import { fireEvent, screen, within } from '@testing-library/react';
import { makeStore } from '../app/store';
import { renderApp } from '../testing/render';
import { DEFAULT_AVATAR } from './UserAvatar';
import { makeSessionUser, roleHandlers, signedInState } from '../testing/session';
import { server } from '../testing/server';

describe('Navigation bar (signed out)', () => {
  it('links Home, Blogs, Register and Login', async () => {
    const store = makeStore({
      preloadedState: {
        auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
      },
    });
    renderApp('/blogs', { store });
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(within(nav).getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: 'Dashboad' })).not.toBeInTheDocument();
  });
});

/** Bea Buyer signed in, on /blogs: answers the store and the main navigation. */
async function renderSignedInBlogs(photoURL: string | null = null) {
  server.use(...roleHandlers('buyer'));
  const store = makeStore({
    preloadedState: signedInState(makeSessionUser({ displayName: 'Bea Buyer', photoURL })),
  });
  renderApp('/blogs', { store });
  await screen.findByRole('heading', { level: 1, name: 'Blogs' });
  return { store, nav: screen.getAllByRole('navigation', { name: 'Main' })[0] };
}

describe('Navigation bar (signed in)', () => {
  it('links Dashboad and shows the name, Log out and the avatar', async () => {
    const { nav } = await renderSignedInBlogs();
    expect(within(nav).getByRole('link', { name: 'Dashboad' })).toHaveAttribute(
      'href',
      '/dashboad',
    );
    expect(within(nav).getByText('Bea Buyer')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(within(nav).getByRole('img', { name: 'Bea Buyer' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows the default picture when the photo will not load, and without a photo', async () => {
    const photo = 'https://images.example/gone.png';
    const { nav } = await renderSignedInBlogs(photo);
    const avatar = within(nav).getByRole('img', { name: 'Bea Buyer' });
    expect(avatar).toHaveAttribute('src', photo);
    fireEvent.error(avatar);
    expect(avatar).toHaveAttribute('src', DEFAULT_AVATAR);
  });

  it('shows Login after Log out when the provider had already signed the account out', async () => {
    // A deleted account, or one signed out everywhere, is signed out by the provider itself
    // when its token is next refreshed; the provider then reports no further change.
    const { store, nav } = await renderSignedInBlogs();
    fireEvent.click(within(nav).getByRole('button', { name: 'Log out' }));
    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(within(nav).queryByText('Bea Buyer')).not.toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ user: null, loading: false, attempt: null });
  });

  it('shows neither Login nor Dashboad while the session is still being read', async () => {
    renderApp('/blogs');
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboad' })).not.toBeInTheDocument();
  });
});
