import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const model3 = car({
  _id: 'car-1',
  carName: 'Tesla Model 3',
  categoryName: 'Tesla',
  condition: 'Excellent',
  resalePrice: 38500,
  productLocation: 'Austin, TX',
  isVerify: 'true',
  fairPrice: { rating: 'great', median: 42700, comparables: 23 },
});
const modelS = car({
  _id: 'car-2',
  carName: 'Tesla Model S',
  categoryName: 'Tesla',
  condition: 'Good',
  resalePrice: 74900,
  productLocation: 'San Jose, CA',
  fairPrice: { rating: 'high', median: 70000, comparables: 6 },
});
const m3 = car({
  _id: 'car-3',
  carName: 'BMW M3',
  categoryName: 'BMW',
  condition: 'Excellent',
  resalePrice: 64900,
  productLocation: 'Seattle, WA',
});

const PAGE = 24;

/**
 * GET /api/products and its facets over `cars`, as the server answers them: filters, sorts,
 * pages of 24 by cursor (the cursor is the index of the page's first car), X-Total-Count.
 */
function answerSearch(cars: SearchProduct[]) {
  const matching = (url: URL, leaveOut?: string) =>
    cars.filter((c) => {
      const categories = url.searchParams.getAll('category');
      const conditions = url.searchParams.getAll('condition');
      const min = url.searchParams.get('minPrice');
      const location = url.searchParams.get('location');
      return (
        (leaveOut === 'category' || !categories.length || categories.includes(c.categoryName)) &&
        (leaveOut === 'condition' || !conditions.length || conditions.includes(c.condition)) &&
        (!min || c.resalePrice >= Number(min)) &&
        (!location || c.productLocation.toLowerCase().includes(location.toLowerCase())) &&
        (url.searchParams.get('verified') !== 'true' || c.isVerify === 'true')
      );
    });
  const count = (list: SearchProduct[], key: 'categoryName' | 'condition') =>
    list.reduce<Record<string, number>>(
      (out, c) => ({ ...out, [c[key]]: (out[c[key]] ?? 0) + 1 }),
      {},
    );
  server.use(
    http.get(`${API}/products/facets`, ({ request }) => {
      const url = new URL(request.url);
      const all = matching(url);
      const prices = all.map((c) => c.resalePrice);
      const facets: SearchFacets = {
        category: count(matching(url, 'category'), 'categoryName'),
        condition: count(matching(url, 'condition'), 'condition'),
        sellerType: {},
        price: prices.length ? { min: Math.min(...prices), max: Math.max(...prices) } : null,
        years: null,
        model: {},
        fuel: {},
        transmission: {},
        bodyStyle: {},
        modelYear: null,
        mileage: null,
        countsExact: true,
        ignoredWords: [],
      };
      return HttpResponse.json(facets);
    }),
    http.get(`${API}/products`, ({ request }) => {
      const url = new URL(request.url);
      const list = [...matching(url)];
      const sort = url.searchParams.get('sort');
      if (sort === 'price_asc') list.sort((a, b) => a.resalePrice - b.resalePrice);
      if (sort === 'price_desc') list.sort((a, b) => b.resalePrice - a.resalePrice);
      const from = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
      const page = list.slice(from, from + PAGE);
      const next = from + PAGE < list.length ? `c${from + PAGE}` : '';
      return HttpResponse.json(page, {
        headers: { 'X-Total-Count': String(list.length), 'X-Next-Cursor': next },
      });
    }),
  );
}

const searches = (sent: string[]) => sent.filter((r) => r.startsWith('GET /api/products?'));
const names = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

// A page of 30 cars typed and clicked through, beside the browser tests on 2 cores: up to a minute.
jest.setTimeout(60_000);

describe('Search for buyers (/cars)', () => {
  it('shows the count, each car with its link, photo, price, badge and tick, and the counts per filter', async () => {
    answerSearch([model3, modelS, m3]);
    renderApp('/cars');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Find the right car' }),
    ).toBeInTheDocument();
    // The count is a live region: a screen reader hears it change.
    expect(await screen.findByText('3 cars')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('complementary', { name: 'Filters' })).toBeInTheDocument();

    // The cards' code loads once the page is the app's (searchParts.ts).
    const card = within(await screen.findByRole('article', { name: 'Tesla Model 3' }));
    expect(card.getByRole('link', { name: 'Tesla Model 3' })).toHaveAttribute(
      'href',
      '/cars/car-1',
    );
    expect(card.getByRole('img', { name: 'Tesla Model 3' })).toBeInTheDocument();
    expect(card.getByLabelText('Price $38,500')).toBeInTheDocument();
    expect(card.getByText('Great deal')).toBeInTheDocument();
    expect(card.getByText('$4,200 below its market value')).toBeInTheDocument();
    expect(card.getByText(/Austin, TX · Excellent/)).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();

    const other = within(screen.getByRole('article', { name: 'Tesla Model S' }));
    expect(other.getByText('High price')).toBeInTheDocument();
    expect(other.getByText('$4,900 above its market value')).toBeInTheDocument();
    expect(other.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
    // No fair price in the answer: no badge.
    const bmw = within(screen.getByRole('article', { name: 'BMW M3' }));
    expect(bmw.queryByText(/deal|price$/)).not.toBeInTheDocument();

    const filters = screen.getByRole('search', { name: 'Filter cars' });
    expect(await within(filters).findByRole('checkbox', { name: 'Tesla (2)' })).not.toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: 'BMW (1)' })).toBeInTheDocument();
    expect(within(filters).getByRole('checkbox', { name: 'Excellent (2)' })).toBeInTheDocument();
    expect(within(filters).getByRole('checkbox', { name: 'Fair (0)' })).toBeInTheDocument();
    expect(within(filters).getByText('$38,500 to $74,900 in these results')).toBeInTheDocument();
  });

  it('a ticked filter or a typed price goes into the URL and the request; the count follows', async () => {
    answerSearch([model3, modelS, m3]);
    const user = userEvent.setup();
    const { router } = renderApp('/cars');
    await screen.findByText('3 cars');
    const requests = recordRequests();

    await user.click(screen.getByRole('checkbox', { name: 'Tesla (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=Tesla'));
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    // The box stays where the keyboard was.
    expect(screen.getByRole('checkbox', { name: /^Tesla/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Tesla/ })).toHaveFocus();
    expect(searches(requests.sent)).toEqual(['GET /api/products?category=Tesla&limit=24']);
    expect(requests.sent).toContain('GET /api/products/facets?category=Tesla');

    await user.click(screen.getByRole('checkbox', { name: 'BMW (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=BMW&category=Tesla'));
    expect(await screen.findByText('3 cars')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Min price' }), '50000{Enter}');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?category=BMW&category=Tesla&minPrice=50000'),
    );
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Min price' })).toHaveFocus();
    expect(searches(requests.sent).at(-1)).toBe(
      'GET /api/products?category=BMW&category=Tesla&minPrice=50000&limit=24',
    );

    await user.click(screen.getByRole('checkbox', { name: /^Verified sellers only/ }));
    expect(await screen.findByText('0 cars')).toBeInTheDocument();
    requests.stop();

    // Back walks the filters back, fields and results together.
    await act(() => router.navigate(-1));
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Verified sellers only/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Min price' })).toHaveValue('50000');
    await act(() => router.navigate(-2));
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /^Tesla/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^BMW/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Min price' })).toHaveValue('');
  });

  it('says 1 car, and "No cars match" with a Clear filters that shows every car again', async () => {
    answerSearch([model3, modelS, m3]);
    const user = userEvent.setup();
    const { router } = renderApp('/cars?category=BMW');
    expect(await screen.findByText('1 car')).toBeInTheDocument();

    await act(() => router.navigate('/cars?location=Nowhere&sort=price_asc'));
    expect(await screen.findByRole('heading', { name: 'No cars match' })).toBeInTheDocument();
    expect(screen.getByText('0 cars')).toBeInTheDocument();
    const clear = screen.getAllByRole('link', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1]);
    expect(await screen.findByText('3 cars')).toBeInTheDocument();
    // The sort stays; the filters go.
    expect(router.state.location.search).toBe('?sort=price_asc');
    expect(screen.getByRole('textbox', { name: 'City or state' })).toHaveValue('');
  });

  it('a change made before the last one has arrived builds on it (a price, then a sort at once)', async () => {
    answerSearch([model3, modelS, m3]);
    const { router } = renderApp('/cars');
    await screen.findByText('3 cars');
    const price = screen.getByRole('textbox', { name: 'Min price' });
    fireEvent.change(price, { target: { value: '50000' } });
    // Enter in the price, then a sort chosen at once: the first search has not arrived yet.
    act(() => {
      fireEvent.submit(price.closest('form')!);
      fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
        target: { value: 'price_desc' },
      });
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?minPrice=50000&sort=price_desc'),
    );
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Min price' })).toHaveValue('50000');
  });

  it('sorts by the select: the URL, the request and the order change', async () => {
    answerSearch([model3, modelS, m3]);
    const user = userEvent.setup();
    const { router } = renderApp('/cars');
    await screen.findByText('3 cars');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('newest');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Newest',
      'Price low to high',
      'Price high to low',
      'Best deal',
      'Lowest mileage',
      'Newest model year',
    ]);
    const requests = recordRequests();

    await user.selectOptions(sort, 'Price high to low');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_desc'));
    await waitFor(() => expect(names()).toEqual(['Tesla Model S', 'BMW M3', 'Tesla Model 3']));
    expect(searches(requests.sent)).toEqual(['GET /api/products?sort=price_desc&limit=24']);

    await user.selectOptions(sort, 'Price low to high');
    await waitFor(() => expect(names()).toEqual(['Tesla Model 3', 'BMW M3', 'Tesla Model S']));
    await user.selectOptions(sort, 'Lowest mileage');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=mileage_asc'));
    await user.selectOptions(sort, 'Newest model year');
    await waitFor(() =>
      expect(searches(requests.sent).at(-1)).toBe('GET /api/products?sort=year_desc&limit=24'),
    );
    requests.stop();
  });

  it('"Show more" is a link to the next page, and adds it below the cars shown; Back takes it off', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      car({ _id: `many-${i + 1}`, carName: `Car ${i + 1}`, categoryName: 'BMW' }),
    );
    answerSearch(many);
    const user = userEvent.setup();
    const { router } = renderApp('/cars?category=BMW');
    expect(await screen.findByText('30 cars')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    expect(screen.getByText('Showing 24 of 30 cars')).toBeInTheDocument();
    const more = screen.getByRole('link', { name: 'Show more' });
    expect(more).toHaveAttribute('href', '/cars?category=BMW&cursor=c24');
    const requests = recordRequests();

    await user.click(more);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(router.state.location.search).toBe('?category=BMW&cursor=c24');
    expect(names()[0]).toBe('Car 1');
    expect(names()[29]).toBe('Car 30');
    expect(screen.queryByRole('link', { name: 'Show more' })).not.toBeInTheDocument();
    // Only the next page was asked for, and the focus is on the first car it added.
    expect(searches(requests.sent)).toEqual(['GET /api/products?category=BMW&limit=24&cursor=c24']);
    expect(screen.getByRole('link', { name: 'Car 25' })).toHaveFocus();

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    await act(() => router.navigate(1));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    // Walking the history asked for nothing again.
    expect(searches(requests.sent)).toHaveLength(1);
    requests.stop();
  });

  it('a shared "Show more" URL opens at its page', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      car({ _id: `many-${i + 1}`, carName: `Car ${i + 1}`, categoryName: 'BMW' }),
    );
    answerSearch(many);
    renderApp('/cars?category=BMW&cursor=c24');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
    expect(names()[0]).toBe('Car 25');
    expect(screen.getByText('30 cars')).toBeInTheDocument();
  });

  it("the top bar's search is a plain GET form to /cars; it lands on /cars?q=… and shows the words", async () => {
    answerSearch([model3, modelS, m3]);
    const user = userEvent.setup();
    const { router } = renderApp('/blogs');
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    const field = screen.getByRole('searchbox', { name: 'Search cars' });
    expect(field).toHaveAttribute('name', 'q');
    expect(field.closest('form')).toHaveAttribute('action', '/cars');
    expect(field.closest('form')).toHaveAttribute('method', 'get');
    const requests = recordRequests();

    await user.type(field, 'red tesla{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cars'));
    expect(router.state.location.search).toBe('?q=red+tesla');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cars matching “red tesla”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search cars' })).toHaveValue('red tesla');
    // With words, the server's order is the best match: the select says so.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');
    await waitFor(() =>
      expect(searches(requests.sent)).toEqual(['GET /api/products?q=red+tesla&limit=24']),
    );
    requests.stop();
  });

  it('says which words it left out, and "about" a total the server estimated', async () => {
    answerSearch([model3, modelS, m3]);
    server.use(
      http.get(`${API}/products`, () =>
        HttpResponse.json([model3, modelS], {
          headers: {
            'X-Total-Count': '25000',
            'X-Total-Count-Exact': 'false',
            'X-Ignored-Words': 'red shin%C3%BD',
            'X-Next-Cursor': 'c24',
          },
        }),
      ),
    );
    renderApp('/cars?q=Red+shin%C3%BD+Tesla');
    expect(await screen.findByText('about 25,000 cars')).toHaveAttribute('aria-live', 'polite');
    expect(
      screen.getByText('No cars match “red”, “shiný” — showing results for “Tesla”'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of about 25,000 cars')).toBeInTheDocument();
    expect(names()).toEqual(['Tesla Model 3', 'Tesla Model S']);
  });
});
