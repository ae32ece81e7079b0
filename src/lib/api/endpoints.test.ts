import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { makeOrder, makeProduct } from '../../testing/data';
import { settled } from '../../testing/requests';
import { API, server } from '../../testing/server';
import { makeSessionUser, signedInState } from '../../testing/session';
import { api } from './index';

const signedIn = () =>
  makeStore({ preloadedState: signedInState(makeSessionUser({ email: 'bea@example.com' })) });

const orderBody = {
  buyerName: 'Bea',
  buyerEmail: 'bea@example.com',
  productName: 'Tesla Model 3',
  productPrice: 38500,
  phone: '5550100',
  meetLocation: 'Austin',
  productID: 'car-1',
  carImage: '/images/cars/car-01.svg',
};

describe('orders and catalogue endpoints (RTK Query)', () => {
  it('keys orders by email, and placing an order refreshes My orders', async () => {
    const orders = [makeOrder({ _id: 'o1' })];
    let reads = 0;
    server.use(
      http.get(`${API}/orders`, () => {
        reads += 1;
        return HttpResponse.json(orders);
      }),
      http.post(`${API}/orders`, () => {
        orders.push(makeOrder({ _id: 'o2', productName: 'Ferrari 488 GTB' }));
        return HttpResponse.json({ acknowledged: true, insertedId: 'o2' }, { status: 201 });
      }),
    );
    const store = signedIn();
    const mine = store.dispatch(api.endpoints.getOrders.initiate({ email: 'bea@example.com' }));
    await mine;
    expect(reads).toBe(1);
    // Same email: the cached entry, no second request.
    const again = store.dispatch(api.endpoints.getOrders.initiate({ email: 'bea@example.com' }));
    await again;
    expect(reads).toBe(1);

    const placed = await store
      .dispatch(api.endpoints.createOrder.initiate({ body: orderBody }))
      .unwrap();
    expect(placed).toEqual({ acknowledged: true, insertedId: 'o2' });
    // The bookings list is invalidated: the subscribed list asks again and has the new order.
    await settled(store);
    expect(reads).toBe(2);
    const entry = api.endpoints.getOrders.select({ email: 'bea@example.com' })(store.getState());
    expect(entry.data?.map((o) => o._id)).toEqual(['o1', 'o2']);
    mine.unsubscribe();
    again.unsubscribe();
  });

  it('a refused order leaves My orders alone and reports the reason', async () => {
    let reads = 0;
    let posts = 0;
    server.use(
      http.get(`${API}/orders`, () => {
        reads += 1;
        return HttpResponse.json([]);
      }),
      http.post(`${API}/orders`, () => {
        posts += 1;
        return HttpResponse.json({ message: 'Only buyers may place orders' }, { status: 403 });
      }),
    );
    const store = signedIn();
    const mine = store.dispatch(api.endpoints.getOrders.initiate({ email: 'bea@example.com' }));
    await mine;
    const result = await store.dispatch(api.endpoints.createOrder.initiate({ body: orderBody }));
    expect(result.error).toMatchObject({
      status: 403,
      data: { message: 'Only buyers may place orders' },
    });
    // Had it invalidated anything, the refetch would be under way now: wait for it to end.
    await settled(store);
    expect(posts).toBe(1);
    expect(reads).toBe(1);
    mine.unsubscribe();
  });

  it('keeps one cache entry per category, and the advertised list apart', async () => {
    const tesla = makeProduct({ _id: 't1', categoryName: 'Tesla' });
    const bmw = makeProduct({ _id: 'b1', categoryName: 'BMW' });
    const asked: string[] = [];
    server.use(
      http.get(`${API}/category-products/:name`, ({ params }) => {
        asked.push(String(params.name));
        return HttpResponse.json([tesla, bmw].filter((p) => p.categoryName === params.name));
      }),
      http.get(`${API}/advertisment`, () =>
        HttpResponse.json([{ ...tesla, advertisement: 'true' }]),
      ),
    );
    const store = signedIn();
    await store.dispatch(api.endpoints.getCategoryProducts.initiate({ categoryName: 'Tesla' }));
    await store.dispatch(api.endpoints.getCategoryProducts.initiate({ categoryName: 'BMW' }));
    await store.dispatch(api.endpoints.getCategoryProducts.initiate({ categoryName: 'Tesla' }));
    expect(asked).toEqual(['Tesla', 'BMW']);
    const state = store.getState();
    expect(api.endpoints.getCategoryProducts.select({ categoryName: 'BMW' })(state).data).toEqual([
      bmw,
    ]);
    const ads = await store.dispatch(api.endpoints.getAdvertisedProducts.initiate());
    expect(ads.data?.[0].advertisement).toBe('true');
    expect(asked).toEqual(['Tesla', 'BMW']);
  });

  it('encodes the category name in the path', async () => {
    let path = '';
    server.use(
      http.get(`${API}/category-products/:name`, ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json([]);
      }),
    );
    const store = signedIn();
    await store.dispatch(
      api.endpoints.getCategoryProducts.initiate({ categoryName: 'Aston Martin/DB' }),
    );
    expect(path).toBe('/api/category-products/Aston%20Martin%2FDB');
  });
});
