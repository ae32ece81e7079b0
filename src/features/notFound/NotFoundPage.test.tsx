import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../testing/render';

describe('Not-found page', () => {
  it('shows the spec heading and returns home', async () => {
    const { router } = renderApp('/definitely/not/here');
    expect(
      await screen.findByRole('heading', { name: 'Opps.. page not found' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'return to home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(
      await screen.findByRole('heading', { name: 'Need some new Wheels' }),
    ).toBeInTheDocument();
  });
});
