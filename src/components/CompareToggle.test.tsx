import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import type { SearchProduct } from '../lib/api/search';
import { COMPARE_KEY } from '../lib/compare/compareList';
import { makeCar } from '../testing/car';
import { makeEmptyFacets, makeProduct } from '../testing/data';
import { renderApp } from '../testing/render';
import { API, server } from '../testing/server';

const facets = makeEmptyFacets();

const cars: SearchProduct[] = [1, 2, 3, 4, 5].map((n) => {
  const product = makeProduct({ _id: `car-${n}`, carName: `Car number ${n}` });
  return {
    ...product,
    photos: [product.carPhoto],
    fairPrice: null,
    listedAt: new Date().toISOString(),
    priceDrop: null,
    sellerType: 'private',
  };
});

const signedOut = () =>
  makeStore({
    preloadedState: {
      auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
    },
  });

beforeEach(() => {
  localStorage.clear();
  server.use(
    http.get(`${API}/products/facets`, () => HttpResponse.json(facets)),
    http.get(`${API}/products/:id`, ({ params }) =>
      HttpResponse.json(makeCar({ _id: String(params.id), carName: `Car number 1` })),
    ),
    http.get(`${API}/products`, () =>
      HttpResponse.json(cars, { headers: { 'X-Total-Count': '5', 'X-Next-Cursor': '' } }),
    ),
  );
});

const toggle = (n: number) => screen.getByRole('button', { name: `Compare Car number ${n}` });
/** The top bar's 'Compare (N)'. */
const bar = () => screen.queryByRole('link', { name: /^Compare \(\d\)$/ });

describe("'Compare' on search cards and a car's page", () => {
  it('marks up to 4 cars, refuses a 5th with a message, and leads to them side by side', async () => {
    const user = userEvent.setup();
    renderApp('/cars', { store: signedOut() });
    await screen.findByRole('heading', { name: 'Car number 5' });
    expect(bar()).not.toBeInTheDocument();

    for (const n of [1, 2, 3, 4]) await user.click(toggle(n));
    for (const n of [1, 2, 3, 4]) expect(toggle(n)).toHaveAttribute('aria-pressed', 'true');
    expect(bar()).toHaveTextContent('Compare (4)');
    expect(bar()).toHaveAttribute('href', '/compare?ids=car-1,car-2,car-3,car-4');

    await user.click(toggle(5));
    expect(await screen.findByText('You can compare up to 4 cars')).toBeInTheDocument();
    expect(toggle(5)).toHaveAttribute('aria-pressed', 'false');
    expect(bar()).toHaveTextContent('Compare (4)');

    // Unmarking one makes room for another.
    await user.click(toggle(2));
    expect(toggle(2)).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle(5));
    expect(toggle(5)).toHaveAttribute('aria-pressed', 'true');
    expect(bar()).toHaveAttribute('href', '/compare?ids=car-1,car-3,car-4,car-5');
  });

  it('keeps the chosen cars in the browser: after a reload, in another tab, on a car page', async () => {
    const user = userEvent.setup();
    const first = renderApp('/cars', { store: signedOut() });
    await screen.findByRole('heading', { name: 'Car number 1' });
    await user.click(toggle(1));
    await user.click(toggle(3));
    first.unmount();
    expect(JSON.parse(localStorage.getItem(COMPARE_KEY) ?? '')).toEqual(['car-1', 'car-3']);

    // A reload: a new app, the same browser.
    const second = renderApp('/cars', { store: signedOut() });
    await screen.findByRole('heading', { name: 'Car number 1' });
    expect(toggle(1)).toHaveAttribute('aria-pressed', 'true');
    expect(toggle(2)).toHaveAttribute('aria-pressed', 'false');
    expect(toggle(3)).toHaveAttribute('aria-pressed', 'true');
    expect(bar()).toHaveTextContent('Compare (2)');

    // Another tab changes the list.
    act(() => {
      localStorage.setItem(COMPARE_KEY, JSON.stringify(['car-2']));
      window.dispatchEvent(new StorageEvent('storage', { key: COMPARE_KEY }));
    });
    expect(toggle(1)).toHaveAttribute('aria-pressed', 'false');
    expect(toggle(2)).toHaveAttribute('aria-pressed', 'true');
    expect(bar()).toHaveTextContent('Compare (1)');
    await user.click(toggle(2));
    expect(bar()).not.toBeInTheDocument();
    await user.click(toggle(1));
    second.unmount();

    // The car's own page shows and changes the same list.
    renderApp('/cars/car-1', { store: signedOut() });
    await screen.findByRole('heading', { level: 1, name: 'Car number 1' });
    // Its code loads with it (CompareToggleLater).
    expect(await screen.findByRole('button', { name: 'Compare Car number 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(toggle(1));
    expect(toggle(1)).toHaveAttribute('aria-pressed', 'false');
    expect(bar()).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(COMPARE_KEY) ?? '')).toEqual([]);
  });
});
