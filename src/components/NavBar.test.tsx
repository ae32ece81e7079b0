import { screen, within } from '@testing-library/react';
import { renderApp } from '../testing/render';

describe('Navigation bar (signed out)', () => {
  it('links Home, Blogs, Register and Login', async () => {
    renderApp('/blogs');
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
