import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { makeCar } from '../testing/car';
import { renderApp } from '../testing/render';
import { API, server } from '../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../testing/session';

const car = makeCar();

function serve() {
  const saves: string[] = [];
  let list: { productId: string }[] = [];
  server.use(
    http.get(`${API}/products/:id`, () => HttpResponse.json(car)),
    http.get(`${API}/saved-cars`, () => HttpResponse.json(list)),
    http.put(`${API}/saved-cars/:id`, ({ params }) => {
      saves.push(String(params.id));
      const entry = {
        productId: String(params.id),
        carName: car.carName,
        carPhoto: car.carPhoto,
        savedPrice: car.resalePrice,
        savedAt: '2026-11-01T10:00:00.000Z',
        status: 'listed',
        price: car.resalePrice,
      };
      list = [entry];
      return HttpResponse.json(entry);
    }),
    http.delete(`${API}/saved-cars/:id`, () => {
      list = [];
      return HttpResponse.json({ deletedCount: 1 });
    }),
  );
  return saves;
}

const signedIn = () => {
  server.use(...roleHandlers('buyer'));
  return makeStore({ preloadedState: signedInState(makeSessionUser()) });
};

describe("the heart on a car's page", () => {
  it('saves and unsaves the car, pressed while saved', async () => {
    const saves = serve();
    renderApp(`/cars/${car._id}`, { store: signedIn() });
    const heart = await screen.findByRole('button', { name: 'Save' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(saves).toEqual([car._id]);
    await userEvent.click(screen.getByRole('button', { name: 'Saved' }));
    expect(await screen.findByRole('button', { name: 'Save' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('signed out, leads to /login; back signed in with ?save=, it saves the car', async () => {
    const saves = serve();
    const store = makeStore({
      preloadedState: {
        auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
      },
    });
    const { router } = renderApp(`/cars/${car._id}`, { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: `/cars/${car._id}`, search: `?save=${car._id}` },
    });

    // The way back, signed in: the car is saved once and the mark leaves the address.
    renderApp(`/cars/${car._id}?save=${car._id}`, { store: signedIn() });
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(saves).toEqual([car._id]);
  });
});
