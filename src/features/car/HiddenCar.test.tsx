import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { makeCar } from '../../testing/car';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

describe("a hidden car's page", () => {
  it("says 'This listing was removed' to everyone the server answers 410", async () => {
    server.use(
      http.get(`${API}/products/:id`, () =>
        HttpResponse.json({ message: 'This listing was removed' }, { status: 410 }),
      ),
    );
    const store = makeStore({
      preloadedState: {
        auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
      },
    });
    renderApp('/cars/car-1', { store });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This listing was removed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find other cars' })).toHaveAttribute('href', '/cars');
    expect(document.title).toBe('This listing was removed');
  });

  it('shows its owner the car and why it is hidden, with no booking', async () => {
    server.use(
      ...roleHandlers('seller'),
      http.get(`${API}/products/:id`, () =>
        HttpResponse.json(
          makeCar({
            fairPrice: null,
            moderation: { state: 'hidden', reason: 'Photos of another car', reviewAsked: false },
          }),
        ),
      ),
      http.get(`${API}/products`, () => HttpResponse.json([])),
    );
    const store = makeStore({
      preloadedState: signedInState(makeSessionUser({ email: 'sam@example.com' })),
    });
    renderApp('/cars/car-1', { store });
    expect(
      await screen.findByText('Hidden by moderation: Photos of another car'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tesla Model S Plaid' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book this car' })).not.toBeInTheDocument();
  });
});
