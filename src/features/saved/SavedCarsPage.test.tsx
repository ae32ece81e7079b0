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
  ...overrides,
});

const open = (role: 'buyer' | 'seller') => {
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
});
