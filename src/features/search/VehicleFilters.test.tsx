import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SearchFacets, SearchProduct } from '../../lib/api/search';
import { makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { API, server } from '../../testing/server';

function car(overrides: Partial<SearchProduct>): SearchProduct {
  const product = makeProduct(overrides);
  return {
    photos: [product.carPhoto],
    fairPrice: null,
    listedAt: new Date().toISOString(),
    priceDrop: null,
    sellerType: 'private',
    ...product,
    ...overrides,
  };
}

const cars = [
  car({
    _id: 'c1',
    carName: 'Blue Model 3',
    categoryName: 'Tesla',
    make: 'Tesla',
    model: 'Model 3',
    modelYear: 2019,
    mileage: 48000,
    fuel: 'Electric',
  }),
  car({
    _id: 'c2',
    carName: 'Old Model 3',
    categoryName: 'Tesla',
    make: 'Tesla',
    model: 'Model 3',
    modelYear: 2015,
    mileage: 120000,
    fuel: 'Electric',
  }),
  car({
    _id: 'c3',
    carName: 'Red Model S',
    categoryName: 'Tesla',
    make: 'Tesla',
    model: 'Model S',
    modelYear: 2021,
    mileage: 9000,
    fuel: 'Electric',
  }),
  car({
    _id: 'c4',
    carName: 'Grey M3',
    categoryName: 'BMW',
    make: 'BMW',
    model: 'M3',
    modelYear: 2018,
    mileage: 30000,
    fuel: 'Gasoline',
  }),
  car({
    _id: 'c5',
    carName: 'Mystery car',
    categoryName: 'BMW',
    make: 'BMW',
    model: null,
    modelYear: null,
    mileage: null,
    fuel: null,
  }),
];

/**
 * GET /api/products and its facets over `cars`, filtered by make, model, model year, miles, fuel;
 * `estimated`: the facets as the server answers past the cars it ranks (counts × 1,000).
 */
function answerSearch(estimated = false) {
  const matching = (url: URL, leaveOut?: string) => {
    const p = url.searchParams;
    const number = (key: string) => (p.get(key) === null ? null : Number(p.get(key)));
    const [minYear, maxYear, maxMiles] = ['minModelYear', 'maxModelYear', 'maxMileage'].map(number);
    return cars.filter(
      (c) =>
        (!p.getAll('category').length || p.getAll('category').includes(c.categoryName)) &&
        (leaveOut === 'model' ||
          !p.getAll('model').length ||
          p.getAll('model').includes(c.model ?? '')) &&
        (leaveOut === 'fuel' ||
          !p.getAll('fuel').length ||
          p.getAll('fuel').includes(c.fuel ?? '')) &&
        (minYear === null || (c.modelYear ?? 0) >= minYear) &&
        (maxYear === null || (c.modelYear ?? 9999) <= maxYear) &&
        (maxMiles === null || (c.mileage ?? Infinity) <= maxMiles),
    );
  };
  const count = (list: SearchProduct[], key: 'model' | 'fuel') =>
    list.reduce<Record<string, number>>((out, c) => {
      const value = c[key];
      return value ? { ...out, [value]: (out[value] ?? 0) + (estimated ? 1000 : 1) } : out;
    }, {});
  server.use(
    http.get(`${API}/products/facets`, ({ request }) => {
      const url = new URL(request.url);
      const facets: SearchFacets = {
        category: {},
        condition: {},
        sellerType: {},
        price: null,
        years: null,
        model: count(matching(url, 'model'), 'model'),
        fuel: count(matching(url, 'fuel'), 'fuel'),
        transmission: {},
        bodyStyle: {},
        modelYear: { min: 2015, max: 2021 },
        mileage: { min: 9000, max: 120000 },
        countsExact: !estimated,
        ignoredWords: [],
      };
      return HttpResponse.json(facets);
    }),
    http.get(`${API}/products`, ({ request }) => {
      const list = matching(new URL(request.url));
      return HttpResponse.json(list, {
        headers: { 'X-Total-Count': String(list.length), 'X-Next-Cursor': '' },
      });
    }),
  );
}

const names = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
/** The query of the last search sent for the cars (not the facets). */
const lastSearch = (sent: string[]) =>
  new URL(
    sent
      .filter((r) => r.startsWith('GET /api/products?'))
      .at(-1)!
      .slice(4),
    'http://x',
  ).searchParams;

jest.setTimeout(20000);

describe("/cars' vehicle filters and the cards' 'model year · mileage'", () => {
  it('filters by model, model year, miles and fuel, keeping each in the URL and the request', async () => {
    answerSearch();
    const user = userEvent.setup();
    const { router } = renderApp('/cars');
    await screen.findByRole('heading', { name: 'Blue Model 3' });
    // Each card says its model year and mileage; unknown parts are '—'.
    const card = (name: string) =>
      screen.getByRole('heading', { name }).closest('article') as HTMLElement;
    expect(within(card('Blue Model 3')).getByText('2019 · 48,000 mi')).toBeVisible();
    expect(within(card('Mystery car')).getByText('— · —')).toBeVisible();
    // The models the facet counts, with their counts.
    const models = screen.getByRole('group', { name: 'Model' });
    expect(
      within(models)
        .getAllByRole('checkbox')
        .map((b) => b.getAttribute('value')),
    ).toEqual(['M3', 'Model 3', 'Model S']);
    expect(within(models).getByText('(2)')).toBeVisible();

    const requests = recordRequests();
    await user.click(within(models).getByRole('checkbox', { name: /Model 3/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?model=Model+3'));
    await waitFor(() => expect(names()).toEqual(['Blue Model 3', 'Old Model 3']));
    expect(lastSearch(requests.sent).getAll('model')).toEqual(['Model 3']);

    await user.type(screen.getByRole('textbox', { name: 'From year' }), '2018{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?model=Model+3&minModelYear=2018'),
    );
    await user.type(screen.getByRole('textbox', { name: 'Max miles' }), '60,000{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?model=Model+3&minModelYear=2018&maxMileage=60000',
      ),
    );
    await waitFor(() => {
      const sent = lastSearch(requests.sent);
      expect([sent.get('minModelYear'), sent.get('maxMileage')]).toEqual(['2018', '60000']);
    });
    await waitFor(() => expect(names()).toEqual(['Blue Model 3']));
    expect(screen.getByText('9,000 mi to 120,000 mi in these results')).toBeVisible();

    await user.click(
      within(screen.getByRole('group', { name: 'Fuel' })).getByRole('checkbox', {
        name: /Electric/,
      }),
    );
    await waitFor(() => expect(router.state.location.search).toContain('&fuel=Electric'));
    await waitFor(() => expect(lastSearch(requests.sent).getAll('fuel')).toEqual(['Electric']));
    requests.stop();
  });

  it("shows estimated counts as 'about' (more cars than the server counts)", async () => {
    answerSearch(true);
    renderApp('/cars');
    await screen.findByRole('heading', { name: 'Blue Model 3' });
    const models = screen.getByRole('group', { name: 'Model' });
    expect(within(models).getByText('(about 2,000)')).toBeVisible();
    expect(within(models).getAllByText('(about 1,000)')).toHaveLength(2);
  });

  it('leaves out of the request what the URL holds that the server would refuse', async () => {
    answerSearch();
    const requests = recordRequests();
    renderApp('/cars?model=M3&minModelYear=1800&maxModelYear=20x9&maxMileage=-5&fuel=Steam');
    await screen.findByRole('heading', { name: 'Grey M3' });
    const sent = lastSearch(requests.sent);
    expect([...sent.keys()].filter((k) => k !== 'limit')).toEqual(['model']);
    expect(screen.getByRole('textbox', { name: 'From year' })).toHaveValue('');
    expect(
      within(screen.getByRole('group', { name: 'Model' })).getByRole('checkbox', { name: /M3/ }),
    ).toBeChecked();
    requests.stop();
  });
});
