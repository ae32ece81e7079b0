import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SearchProduct } from '../lib/api/search';
import { formatDay } from '../lib/format';
import { makeEmptyFacets, makeProduct } from '../testing/data';
import { renderApp } from '../testing/render';
import { API, server } from '../testing/server';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function card(id: string, carName: string, extra: Partial<SearchProduct>): SearchProduct {
  const product = makeProduct({ _id: id, carName });
  return {
    ...product,
    photos: [product.carPhoto],
    fairPrice: null,
    listedAt: daysAgo(0),
    priceDrop: null,
    sellerType: 'private',
    ...extra,
  };
}

describe("a search card's price drop and listing age", () => {
  it("shows 'Price drop' for a drop of the last 14 days only, and 'Listed N days ago'", async () => {
    const dropped = daysAgo(13.9);
    const cars = [
      card('car-1', 'Dropped lately', {
        listedAt: daysAgo(20),
        priceDrop: { amount: 2000, at: dropped },
      }),
      // A cached answer may still carry a drop the server would no longer send.
      card('car-2', 'Dropped long ago', {
        listedAt: daysAgo(1),
        priceDrop: { amount: 500, at: daysAgo(14.1) },
      }),
      card('car-3', 'Never dropped', {}),
    ];
    const facets = makeEmptyFacets();
    server.use(
      http.get(`${API}/products/facets`, () => HttpResponse.json(facets)),
      http.get(`${API}/products`, () =>
        HttpResponse.json(cars, { headers: { 'X-Total-Count': '3', 'X-Next-Cursor': '' } }),
      ),
    );
    renderApp('/cars');
    const article = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

    const lately = await article('Dropped lately');
    const chip = within(lately).getByText('Price drop');
    expect(chip).toHaveAttribute('title', `Price dropped $2,000 on ${formatDay(dropped)}`);
    expect(within(lately).getByText('Listed 20 days ago')).toBeVisible();

    const longAgo = await article('Dropped long ago');
    expect(within(longAgo).queryByText('Price drop')).not.toBeInTheDocument();
    expect(within(longAgo).getByText('Listed yesterday')).toBeVisible();

    const never = await article('Never dropped');
    expect(within(never).queryByText('Price drop')).not.toBeInTheDocument();
    expect(within(never).getByText('Listed today')).toBeVisible();
  });
});
