import { http, HttpResponse } from 'msw';
import { makeStore, type AppStore } from '../../app/store';
import { makeOrder, makeProduct } from '../../testing/data';
import { recordRequests, settled } from '../../testing/requests';
import { API, server } from '../../testing/server';
import { makeSessionUser, signedInState } from '../../testing/session';
import { api } from './index';
import { dealsApi } from './deals';
import { sellerApi } from './seller';

/**
 * Which requests a change sends: the mutation, then a refetch of exactly the cached lists that
 * show what it changed (tags with ids), never every page of every list.
 */
const SAM = 'sam@example.com';
// Sam's Tesla (not advertised) and BMW (advertised); another seller's advertised Tesla, on the
// second of Tesla's two pages.
const samsTesla = makeProduct({ _id: 't1', categoryName: 'Tesla', email: SAM });
const samsBmw = makeProduct({ _id: 'b1', categoryName: 'BMW', email: SAM, advertisement: 'true' });
const othersTesla = makeProduct({ _id: 't2', categoryName: 'Tesla', advertisement: 'true' });

const lists = {
  Tesla: { first: [samsTesla], second: [othersTesla] },
  BMW: { first: [samsBmw], second: [] },
};

function catalogue() {
  server.use(
    http.get(`${API}/category-products/:name`, ({ params, request }) => {
      const pages = lists[params.name as keyof typeof lists];
      const cursor = new URL(request.url).searchParams.get('cursor');
      if (cursor) return HttpResponse.json(pages.second);
      const next = pages.second.length > 0 ? 'page-2' : '';
      return HttpResponse.json(pages.first, { headers: { 'X-Next-Cursor': next } });
    }),
    http.get(`${API}/seller-products/:email`, () => HttpResponse.json([samsTesla, samsBmw])),
    http.get(`${API}/advertisment`, () => HttpResponse.json([othersTesla, samsBmw])),
    http.get(`${API}/seller-orders`, () =>
      HttpResponse.json([makeOrder({ productID: 'b1', sellerEmail: SAM })], {
        headers: { 'X-Total-Count': '1' },
      }),
    ),
    http.put(`${API}/seller-products/:id`, () =>
      HttpResponse.json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }),
    ),
    http.delete(`${API}/seller-products/:id`, () =>
      HttpResponse.json({ acknowledged: true, deletedCount: 1 }),
    ),
    http.post(`${API}/category`, () =>
      HttpResponse.json({ acknowledged: true, insertedId: 't9' }, { status: 201 }),
    ),
  );
}

/**
 * A signed-in seller's browser with these lists on screen: the categories, Tesla's two pages
 * and BMW's page, the advertisements, their own cars and their bookings.
 */
async function sellersCache(): Promise<AppStore> {
  catalogue();
  const store = makeStore({ preloadedState: signedInState(makeSessionUser({ email: SAM })) });
  const tesla = store.dispatch(
    api.endpoints.getCategoryProductPages.initiate({ categoryName: 'Tesla' }),
  );
  await tesla;
  await store.dispatch(
    api.endpoints.getCategoryProductPages.initiate(
      { categoryName: 'Tesla' },
      { direction: 'forward' },
    ),
  );
  store.dispatch(api.endpoints.getCategoryProductPages.initiate({ categoryName: 'BMW' }));
  store.dispatch(api.endpoints.getCategories.initiate());
  store.dispatch(api.endpoints.getAdvertisedProducts.initiate());
  store.dispatch(sellerApi.endpoints.getSellerProducts.initiate({ email: SAM }));
  store.dispatch(dealsApi.endpoints.getSellerOrdersPage.initiate({ limit: 20, offset: 0 }));
  await settled(store);
  return store;
}

/** What `change` sends, from its own request to the last refetch it causes (in any order). */
async function requestsOf(store: AppStore, change: () => Promise<unknown>): Promise<string[]> {
  const requests = recordRequests();
  try {
    await change();
    await settled(store);
    return [...requests.sent].sort();
  } finally {
    requests.stop();
  }
}

const sorted = (requests: string[]) => [...requests].sort();

describe('cache tags: what a change refetches', () => {
  it('the cached lists are in place, Tesla with both its pages', async () => {
    const requests = recordRequests();
    try {
      await sellersCache();
      expect(sorted(requests.sent)).toEqual(
        sorted([
          'GET /api/category-products/Tesla?limit=24',
          'GET /api/category-products/Tesla?limit=24&cursor=page-2',
          'GET /api/category-products/BMW?limit=24',
          'GET /api/categories',
          'GET /api/advertisment',
          `GET /api/seller-products/${encodeURIComponent(SAM)}`,
          'GET /api/seller-orders?limit=20&offset=0',
        ]),
      );
    } finally {
      requests.stop();
    }
  });

  it('advertising a car refetches the advertisements and its seller’s list, no category', async () => {
    const store = await sellersCache();
    const sent = await requestsOf(store, () =>
      store.dispatch(sellerApi.endpoints.advertiseProduct.initiate({ id: 't1' })).unwrap(),
    );
    expect(sent).toEqual(
      sorted([
        'PUT /api/seller-products/t1',
        'GET /api/advertisment',
        `GET /api/seller-products/${encodeURIComponent(SAM)}`,
      ]),
    );
  });

  it('deleting a car refetches the lists that show it and the bookings, not other categories', async () => {
    const store = await sellersCache();
    const sent = await requestsOf(store, () =>
      store.dispatch(sellerApi.endpoints.deleteProduct.initiate({ id: 'b1' })).unwrap(),
    );
    expect(sent).toEqual(
      sorted([
        'DELETE /api/seller-products/b1',
        'GET /api/category-products/BMW?limit=24',
        'GET /api/advertisment',
        `GET /api/seller-products/${encodeURIComponent(SAM)}`,
        'GET /api/seller-orders?limit=20&offset=0',
      ]),
    );
  });

  it('creating a car refetches its category’s pages and the seller’s list only', async () => {
    const store = await sellersCache();
    const sent = await requestsOf(store, () =>
      store
        .dispatch(
          sellerApi.endpoints.addProduct.initiate({
            body: {
              carName: 'Tesla Model Y',
              carPhoto: '/image-host/i/y.png',
              categoryName: 'Tesla',
              condition: 'Good',
              originalPrice: '52000',
              resalePrice: '41500',
              productLocation: 'Austin, TX',
              userYears: '2',
              productDescription: 'One owner.',
              sellerName: 'Sam Seller',
            },
          }),
        )
        .unwrap(),
    );
    expect(sent).toEqual(
      sorted([
        'POST /api/category',
        'GET /api/category-products/Tesla?limit=24',
        'GET /api/category-products/Tesla?limit=24&cursor=page-2',
        `GET /api/seller-products/${encodeURIComponent(SAM)}`,
      ]),
    );
  });

  it('a sold car’s similar cars are refetched when one of them is deleted or a car is posted', async () => {
    const store = await sellersCache();
    server.use(http.get(`${API}/products`, () => HttpResponse.json([samsTesla, othersTesla])));
    await store.dispatch(api.endpoints.searchProducts.initiate({ category: 'Tesla', limit: 5 }));
    const similar = 'GET /api/products?category=Tesla&limit=5';
    const deleting = await requestsOf(store, () =>
      store.dispatch(sellerApi.endpoints.deleteProduct.initiate({ id: 't1' })).unwrap(),
    );
    expect(deleting).toContain(similar);
    // A car they do not show leaves them alone.
    const advertising = await requestsOf(store, () =>
      store.dispatch(sellerApi.endpoints.advertiseProduct.initiate({ id: 'b1' })).unwrap(),
    );
    expect(advertising).not.toContain(similar);
    const posting = await requestsOf(store, () =>
      store
        .dispatch(
          sellerApi.endpoints.addProduct.initiate({
            body: {
              carName: 'BMW X5',
              carPhoto: '/image-host/i/x5.png',
              categoryName: 'BMW',
              condition: 'Good',
              originalPrice: '60000',
              resalePrice: '45000',
              productLocation: 'Austin, TX',
              userYears: '3',
              productDescription: 'One owner.',
              sellerName: 'Sam Seller',
            },
          }),
        )
        .unwrap(),
    );
    expect(posting).toContain(similar);
  });
});
