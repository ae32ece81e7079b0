import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { api, type ListedProduct, type Product } from '../../lib/api';
import { categories, makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { heldAnswer } from '../../testing/requests';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';
import { loadCategoryProducts } from './loadCategoryProducts';

const buyer = makeSessionUser({ email: 'bea@example.com', displayName: 'Bea Buyer' });
const signedInStore = () => makeStore({ preloadedState: signedInState(buyer) });

// A dealer's car and a private seller's, as the category's answer says (its `sellerType`).
const model3 = makeListed('dealer', {
  _id: 'car-1',
  carName: 'Tesla Model 3 Long Range',
  originalPrice: 52000,
  resalePrice: 38500,
  productLocation: 'Austin, TX',
  userYears: 2,
  postTime: '3/14/2025, 2:30:00 PM',
  condition: 'Excellent',
  productDescription: 'One owner, always garaged.',
  sellerName: 'Sam Seller',
  isVerify: 'true',
});
const modelY = makeListed('private', {
  _id: 'car-2',
  carName: 'Tesla Model Y',
  resalePrice: 1250000,
  condition: 'Good',
  sellerName: 'Una Unverified',
  isVerify: 'false',
});

/** A category answer's car: a product with its seller's type, when it was listed, no drop. */
function makeListed(sellerType: ListedProduct['sellerType'], fields: Partial<Product>) {
  const product = makeProduct(fields);
  return { ...product, sellerType, listedAt: new Date().toISOString(), priceDrop: null };
}

function answerCategory(products: Product[] | { status: number; message: string }) {
  let calls = 0;
  server.use(
    http.get(`${API}/category-products/:categoryName`, ({ params }) => {
      calls += 1;
      if (!Array.isArray(products)) {
        return HttpResponse.json({ message: products.message }, { status: products.status });
      }
      return HttpResponse.json(products.filter((p) => p.categoryName === params.categoryName));
    }),
    ...roleHandlers('buyer'),
  );
  return { calls: () => calls };
}

// Typing into several fields is slow when the machine is busy.
jest.setTimeout(15000);

describe('Category products page', () => {
  it('shows the CARLIST banner, a way back and one card per car with every field', async () => {
    answerCategory([model3, modelY]);
    renderApp('/category-products/Tesla', { store: signedInStore() });
    expect(await screen.findByRole('heading', { level: 1, name: 'CARLIST' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to categories' })[0]).toHaveAttribute(
      'href',
      '/home',
    );
    const card = screen.getByRole('article', { name: 'Tesla Model 3 Long Range' });
    const inCard = within(card);
    expect(inCard.getByRole('img', { name: 'Tesla Model 3 Long Range' })).toBeInTheDocument();
    expect(inCard.getByLabelText('Selling price $38,500')).toBeInTheDocument();
    expect(inCard.getByLabelText('Original price $52,000')).toBeInTheDocument();
    expect(inCard.getByText('Austin, TX')).toBeInTheDocument();
    expect(inCard.getByText('2 years')).toBeInTheDocument();
    expect(inCard.getByText('Mar 14, 2025')).toBeInTheDocument();
    expect(inCard.getByText('Excellent')).toBeInTheDocument();
    expect(inCard.getAllByText('Tesla').length).toBeGreaterThan(0);
    expect(inCard.getByText('One owner, always garaged.')).toBeInTheDocument();
    expect(inCard.getByText('Sam Seller')).toBeInTheDocument();
    expect(inCard.getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(inCard.queryByText('no verify')).not.toBeInTheDocument();

    const other = within(screen.getByRole('article', { name: 'Tesla Model Y' }));
    expect(other.getByText('no verify')).toBeInTheDocument();
    expect(other.queryByRole('img', { name: 'Verified seller' })).not.toBeInTheDocument();
    expect(other.getByLabelText('Selling price $1,250,000')).toBeInTheDocument();
  });

  it('says on each card whether a dealer or a private seller sells the car', async () => {
    answerCategory([model3, modelY]);
    renderApp('/category-products/Tesla', { store: signedInStore() });
    const dealers = within(
      await screen.findByRole('article', { name: 'Tesla Model 3 Long Range' }),
    );
    expect(dealers.getByText('Dealer')).toBeVisible();
    expect(dealers.queryByText('Private seller')).not.toBeInTheDocument();
    const privates = within(screen.getByRole('article', { name: 'Tesla Model Y' }));
    expect(privates.getByText('Private seller')).toBeVisible();
    expect(privates.queryByText('Dealer')).not.toBeInTheDocument();
  });

  it("links each car's name to its page, with the price badge when the answer has a fair price", async () => {
    const withFairPrice = {
      ...model3,
      fairPrice: { rating: 'good' as const, median: 40000, comparables: 8 },
    };
    answerCategory([withFairPrice, modelY]);
    renderApp('/category-products/Tesla', { store: signedInStore() });
    const card = within(await screen.findByRole('article', { name: 'Tesla Model 3 Long Range' }));
    expect(card.getByRole('link', { name: 'Tesla Model 3 Long Range' })).toHaveAttribute(
      'href',
      '/cars/car-1',
    );
    expect(card.getByText('Good deal')).toBeInTheDocument();
    expect(card.getByText('$1,500 below its market value')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Buy now: Tesla Model 3 Long Range' })).toBeEnabled();
    // The category call usually has no fair price: no badge then.
    const other = within(screen.getByRole('article', { name: 'Tesla Model Y' }));
    expect(other.getByRole('link', { name: 'Tesla Model Y' })).toHaveAttribute(
      'href',
      '/cars/car-2',
    );
    expect(other.queryByText(/deal$|price$/)).not.toBeInTheDocument();
  });

  it('is loaded by the route loader: one request, started before the page renders', async () => {
    const answer = answerCategory([model3]);
    const store = signedInStore();
    renderApp('/category-products/Tesla', { store });
    // The request is in the cache before the screen is on the page.
    await waitFor(() =>
      expect(
        api.endpoints.getCategoryProductPages.select({ categoryName: 'Tesla' })(store.getState())
          .status,
      ).not.toBe('uninitialized'),
    );
    await screen.findByRole('article', { name: 'Tesla Model 3 Long Range' });
    expect(answer.calls()).toBe(1);
  });

  it('the loader fills the cache, and stops waiting for a slow server', async () => {
    answerCategory([model3]);
    const store = signedInStore();
    await loadCategoryProducts(store, 'Tesla');
    const entry = api.endpoints.getCategoryProductPages.select({ categoryName: 'Tesla' })(
      store.getState(),
    );
    expect(entry.data?.pages).toEqual([{ products: [model3], nextCursor: null, total: 1 }]);

    server.use(
      http.get(`${API}/category-products/:categoryName`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    const started = Date.now();
    await loadCategoryProducts(store, 'BMW', 50);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('the loader fetches nothing for a signed-out visitor (the guard sends them to login)', async () => {
    const answer = answerCategory([model3]);
    const store = makeStore({
      preloadedState: {
        auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
      },
    });
    await loadCategoryProducts(store, 'Tesla');
    expect(answer.calls()).toBe(0);
  });

  it('shows a spinner while the cars load', async () => {
    const answer = heldAnswer();
    server.use(
      http.get(`${API}/category-products/:categoryName`, async () => {
        await answer.held;
        return HttpResponse.json([model3]);
      }),
      ...roleHandlers('buyer'),
    );
    renderApp('/category-products/Tesla', { store: signedInStore() });
    expect(
      await screen.findByRole('status', { name: 'Loading the Tesla cars' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    answer.release();
    expect(
      await screen.findByRole('article', { name: 'Tesla Model 3 Long Range' }),
    ).toBeInTheDocument();
  });

  it('says clearly when a category has no cars yet', async () => {
    answerCategory([]);
    renderApp('/category-products/BMW', { store: signedInStore() });
    expect(await screen.findByRole('heading', { name: 'No BMW cars yet' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows an unknown category as an empty state, not an error, naming the categories there are', async () => {
    answerCategory({ status: 404, message: 'categoryName: no such category' });
    // An admin added a make: the message follows the server's list, not the four a new database
    // starts with.
    server.use(
      http.get(`${API}/categories`, () =>
        HttpResponse.json([
          ...categories,
          { _id: 'porsche', categoryName: 'Porsche', image: '/p.png', rating: 4.5 },
        ]),
      ),
    );
    renderApp('/category-products/Trabant', { store: signedInStore() });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'There is no category called “Trabant”' },
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Pick one of our categories: Tesla, Ferrari, BMW, Lamborghini or Porsche.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says so with a retry when the cars cannot be loaded', async () => {
    const answer = answerCategory({ status: 400, message: 'bad request' });
    renderApp('/category-products/Tesla', { store: signedInStore() });
    expect(
      await screen.findByText(/We could not load the Tesla cars/, undefined, { timeout: 3000 }),
    ).toBeInTheDocument();
    // The loader's request, and the page's: RTK Query asks again when a page subscribes to a
    // failed entry (Retry is disabled while it is on its way). A 4xx itself is never retried
    // (see baseQuery.test.ts).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled());
    expect(answer.calls()).toBeLessThanOrEqual(2);
    answerCategory([model3]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('article', { name: 'Tesla Model 3 Long Range' }),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor to login with the spec message', async () => {
    answerCategory([model3]);
    const store = makeStore({
      preloadedState: {
        auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
      },
    });
    const { router } = renderApp('/category-products/Tesla', { store });
    expect(await screen.findByText('Please login first to buy this product')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('asks for 24 cars, shows how many of the total, and loads the next page by cursor', async () => {
    const first = Array.from({ length: 24 }, (_, i) =>
      makeProduct({ _id: `p1-${i}`, carName: `Tesla first ${i}` }),
    );
    const second = [makeProduct({ _id: 'p2-0', carName: 'Tesla last one' })];
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/category-products/:categoryName`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const headers: Record<string, string> = { 'X-Total-Count': '25' };
        if (params.get('cursor') === 'after-24') return HttpResponse.json(second, { headers });
        return HttpResponse.json(first, { headers: { ...headers, 'X-Next-Cursor': 'after-24' } });
      }),
      ...roleHandlers('buyer'),
    );
    renderApp('/category-products/Tesla', { store: signedInStore() });
    expect(await screen.findByText('Showing 24 of 25 cars')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(24);
    expect(asked).toHaveLength(1);
    expect(asked[0].get('limit')).toBe('24');
    expect(asked[0].has('cursor')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Load more cars' }));
    expect(await screen.findByText('Showing 25 of 25 cars')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Tesla last one' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(asked).toHaveLength(2);
    expect(asked[1].get('limit')).toBe('24');
    expect(asked[1].get('cursor')).toBe('after-24');
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more cars' })).not.toBeInTheDocument();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    class FakeObserver {
      constructor(private callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        observed.push({ callback: this.callback, target });
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
    try {
      const cursors: (string | null)[] = [];
      server.use(
        http.get(`${API}/category-products/:categoryName`, ({ request }) => {
          const cursor = new URL(request.url).searchParams.get('cursor');
          cursors.push(cursor);
          const headers: Record<string, string> = { 'X-Total-Count': '2' };
          if (cursor) return HttpResponse.json([modelY], { headers });
          return HttpResponse.json([model3], { headers: { ...headers, 'X-Next-Cursor': 'c1' } });
        }),
        ...roleHandlers('buyer'),
      );
      renderApp('/category-products/Tesla', { store: signedInStore() });
      expect(await screen.findByText('Showing 1 of 2 cars')).toBeInTheDocument();
      await waitFor(() => expect(observed.length).toBeGreaterThan(0));
      const { callback } = observed[observed.length - 1];
      callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
      expect(await screen.findByText('Showing 2 of 2 cars')).toBeInTheDocument();
      expect(cursors).toEqual([null, 'c1']);
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });
});
