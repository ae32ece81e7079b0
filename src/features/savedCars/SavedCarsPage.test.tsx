import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { SavedCar } from '../../lib/api/saved';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const saved = (overrides: Partial<SavedCar>): SavedCar => ({
  productId: 'car-1',
  carName: 'Tesla Model 3',
  carPhoto: '/images/cars/car-01.svg',
  savedPrice: 40000,
  savedAt: '2026-11-01T10:00:00.000Z',
  status: 'listed',
  price: 40000,
  alerts: true,
  ...overrides,
});

const open = (role: 'buyer' | 'seller' | 'admin') => {
  server.use(...roleHandlers(role));
  return renderApp('/dashboad/saved', {
    store: makeStore({ preloadedState: signedInState(makeSessionUser()) }),
  });
};

describe('Saved cars page', () => {
  it('shows each car with its price when saved and now, Sold and No longer listed', async () => {
    server.use(
      http.get(`${API}/saved-cars`, () =>
        HttpResponse.json([
          saved({ productId: 'cheaper', carName: 'BMW M3', savedPrice: 42000, price: 40000 }),
          saved({ productId: 'dearer', carName: 'Audi A4', savedPrice: 30000, price: 31500 }),
          saved({ productId: 'sold', carName: 'Ferrari 488', status: 'sold' }),
          saved({ productId: 'gone', carName: 'Old Beetle', status: 'gone', price: null }),
        ]),
      ),
    );
    open('buyer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved cars' })).toBeVisible();
    const rows = await screen.findAllByRole('listitem');
    const cars = rows.filter((row) => within(row).queryByRole('button', { name: /Remove/ }));
    expect(cars).toHaveLength(4);
    expect(cars[0]).toHaveTextContent('$2,000 less since you saved it');
    expect(within(cars[0]).getByRole('link', { name: 'BMW M3' })).toHaveAttribute(
      'href',
      '/cars/cheaper',
    );
    expect(cars[1]).toHaveTextContent('$1,500 more since you saved it');
    expect(within(cars[2]).getByText('Sold')).toBeInTheDocument();
    expect(within(cars[3]).getByText('No longer listed')).toBeInTheDocument();
    // A car that is gone keeps its name and price when saved, without a link to its page.
    expect(cars[3]).toHaveTextContent('Old Beetle');
    expect(within(cars[3]).queryByRole('link')).toBeNull();
    // Each car still there can be put beside others; a car that is gone cannot.
    expect(within(cars[0]).getByRole('button', { name: 'Compare BMW M3' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(cars[2]).getByRole('button', { name: 'Compare Ferrari 488' })).toBeVisible();
    expect(within(cars[3]).queryByRole('button', { name: /^Compare/ })).toBeNull();
    // The side menu has it.
    expect(screen.getAllByRole('link', { name: 'Saved cars' })[0]).toHaveAttribute(
      'href',
      '/dashboad/saved',
    );
  });

  it('removes a car with Remove (DELETE), and says so when there are none left', async () => {
    let removed: string | null = null;
    server.use(
      http.get(`${API}/saved-cars`, () =>
        HttpResponse.json(removed ? [] : [saved({ productId: 'car-9', carName: 'Kia EV6' })]),
      ),
      http.delete(`${API}/saved-cars/:id`, ({ params }) => {
        removed = String(params.id);
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    open('seller');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Kia EV6' }));
    expect(await screen.findByText('You have not saved any cars yet')).toBeInTheDocument();
    await waitFor(() => expect(removed).toBe('car-9'));
  });

  it("turns one car's alerts off and on with its switch; 'Alerts off' shows while off", async () => {
    let cars = [saved({ productId: 'car-3', carName: 'Kia EV6' })];
    const patched: unknown[] = [];
    server.use(
      http.get(`${API}/saved-cars`, () => HttpResponse.json(cars)),
      http.patch(`${API}/saved-cars/:id`, async ({ params, request }) => {
        const body = (await request.json()) as { alerts: boolean };
        patched.push([params.id, body]);
        cars = cars.map((car) => (car.productId === params.id ? { ...car, ...body } : car));
        return HttpResponse.json(cars[0]);
      }),
    );
    open('buyer');
    const alerts = await screen.findByRole('switch', { name: 'Alerts for Kia EV6' });
    expect(alerts).toBeChecked();
    expect(screen.queryByText('Alerts off')).toBeNull();
    await userEvent.click(alerts);
    expect(await screen.findByText('Alerts off')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Alerts for Kia EV6' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('switch', { name: 'Alerts for Kia EV6' }));
    await waitFor(() => expect(screen.queryByText('Alerts off')).toBeNull());
    expect(patched).toEqual([
      ['car-3', { alerts: false }],
      ['car-3', { alerts: true }],
    ]);
  });

  it("sets how saved cars' news is e-mailed (buyers and sellers; not admins)", async () => {
    const put: unknown[] = [];
    server.use(
      http.get(`${API}/saved-cars`, () => HttpResponse.json([saved({})])),
      http.put(`${API}/alert-settings`, async ({ request }) => {
        const body = await request.json();
        put.push(body);
        return HttpResponse.json(body);
      }),
    );
    open('seller');
    const choice = await screen.findByRole('radiogroup', {
      name: "E-mail me when a saved car's price drops or it is sold",
    });
    await waitFor(() =>
      expect(within(choice).getByRole('radio', { name: 'At once' })).toBeChecked(),
    );
    await userEvent.click(within(choice).getByRole('radio', { name: 'Daily' }));
    await waitFor(() => expect(put).toEqual([{ digest: true, savedCars: 'daily' }]));
    expect(within(choice).getByRole('radio', { name: 'Daily' })).toBeChecked();
  });

  it('offers an admin no e-mail setting', async () => {
    server.use(http.get(`${API}/saved-cars`, () => HttpResponse.json([saved({})])));
    open('admin');
    expect(
      await screen.findByRole('switch', { name: 'Alerts for Tesla Model 3' }),
    ).toBeInTheDocument();
    // The side menu is the admin's: the role is known.
    expect((await screen.findAllByRole('link', { name: 'All orders' }))[0]).toBeVisible();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
