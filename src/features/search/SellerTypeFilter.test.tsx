import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SearchProduct } from '../../lib/api/search';
import { makeEmptyFacets, makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { API, server } from '../../testing/server';

function car(id: string, carName: string, sellerType: SearchProduct['sellerType']): SearchProduct {
  const product = makeProduct({ _id: id, carName });
  return {
    ...product,
    photos: [product.carPhoto],
    fairPrice: null,
    listedAt: new Date().toISOString(),
    priceDrop: null,
    sellerType,
  };
}

const cars = [
  car('d1', 'Lot Model 3', 'dealer'),
  car('p1', 'Driveway Civic', 'private'),
  car('d2', 'Lot Model Y', 'dealer'),
];

/**
 * GET /api/products over `cars`, by `sellerType` as the server filters them; the facets count the
 * cars per seller type with the seller type left out (`estimated`: as past the cars a search
 * ranks, a thousand for each).
 */
function answerSearch({ estimated = false } = {}) {
  const sellerType = cars.reduce<Record<string, number>>(
    (counts, c) => ({
      ...counts,
      [c.sellerType]: (counts[c.sellerType] ?? 0) + (estimated ? 1000 : 1),
    }),
    {},
  );
  server.use(
    http.get(`${API}/products/facets`, () =>
      HttpResponse.json({ ...makeEmptyFacets(), sellerType, countsExact: !estimated }),
    ),
    http.get(`${API}/products`, ({ request }) => {
      const type = new URL(request.url).searchParams.get('sellerType');
      const list = cars.filter((c) => !type || c.sellerType === type);
      return HttpResponse.json(list, {
        headers: { 'X-Total-Count': String(list.length), 'X-Next-Cursor': '' },
      });
    }),
  );
}

const names = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

jest.setTimeout(20000);

describe("/cars' seller type filter and the cards' 'Dealer' or 'Private seller'", () => {
  it('says on each card who sells it, and filters by dealers or private sellers', async () => {
    answerSearch();
    const requests = recordRequests();
    const user = userEvent.setup();
    const { router } = renderApp('/cars');
    await screen.findByRole('heading', { name: 'Lot Model 3' });
    const card = (name: string) =>
      screen.getByRole('heading', { name }).closest('article') as HTMLElement;
    expect(within(card('Lot Model 3')).getByText('Dealer')).toBeVisible();
    expect(within(card('Driveway Civic')).getByText('Private seller')).toBeVisible();

    const group = screen.getByRole('group', { name: 'Seller type' });
    expect(within(group).getByRole('radio', { name: /^Any seller/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /^Dealers/ }));
    await waitFor(() => expect(names()).toEqual(['Lot Model 3', 'Lot Model Y']));
    expect(router.state.location.search).toBe('?sellerType=dealer');
    expect(requests.sent.filter((r) => r.includes('sellerType=dealer')).length).toBeGreaterThan(0);

    await user.click(within(group).getByRole('radio', { name: /^Private sellers/ }));
    await waitFor(() => expect(names()).toEqual(['Driveway Civic']));
    expect(router.state.location.search).toBe('?sellerType=private');

    await user.click(within(group).getByRole('radio', { name: /^Any seller/ }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
    requests.stop();
  });

  it('opens with the seller type of the URL', async () => {
    answerSearch();
    renderApp('/cars?sellerType=private');
    await waitFor(() => expect(names()).toEqual(['Driveway Civic']));
    expect(screen.getByRole('radio', { name: /^Private sellers/ })).toBeChecked();
  });

  it('shows how many cars each seller type has, as the facets count them', async () => {
    answerSearch();
    renderApp('/cars?sellerType=private');
    const group = await screen.findByRole('group', { name: 'Seller type' });
    // The counts leave the seller type out: the dealers' cars are counted while private is chosen.
    expect(await within(group).findByRole('radio', { name: 'Dealers (2)' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Private sellers (1)' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Any seller (3)' })).not.toBeChecked();
  });

  it('says an estimated count is about so many', async () => {
    answerSearch({ estimated: true });
    renderApp('/cars');
    const group = await screen.findByRole('group', { name: 'Seller type' });
    expect(
      await within(group).findByRole('radio', { name: 'Dealers (about 2,000)' }),
    ).toBeVisible();
    expect(within(group).getByRole('radio', { name: 'Any seller (about 3,000)' })).toBeChecked();
  });

  it('ignores a seller type the server does not know', async () => {
    answerSearch();
    const requests = recordRequests();
    renderApp('/cars?sellerType=trader');
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(requests.sent.some((r) => r.includes('sellerType'))).toBe(false);
    expect(screen.getByRole('radio', { name: /^Any seller/ })).toBeChecked();
    requests.stop();
  });
});
