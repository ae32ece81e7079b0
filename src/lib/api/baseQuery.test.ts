import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { API, server } from '../../testing/server';
import { categories } from '../../testing/data';
import { api } from './index';
import { retryDelay, serializeParams } from './baseQuery';

describe('fetching policy', () => {
  afterEach(() => {
    jest.useRealTimers();
    localStorage.clear();
  });

  it('backs off from 1000 ms, doubling up to 30000 ms', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('retries a failed query 3 times, 1, 2 and 4 s apart, then reports the error', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const calls: number[] = [];
    const start = Date.now();
    server.use(
      http.get(`${API}/categories`, () => {
        calls.push(Date.now() - start);
        return HttpResponse.json({ message: 'down' }, { status: 503 });
      }),
    );
    const store = makeStore();
    const request = store.dispatch(api.endpoints.getCategories.initiate());
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(4000);
    expect(calls).toHaveLength(4);
    await jest.advanceTimersByTimeAsync(60000);
    expect(calls).toHaveLength(4);
    const result = await request;
    expect(result.isError).toBe(true);
    expect(result.error).toMatchObject({ status: 503 });
    request.unsubscribe();
  });

  it('recovers when a retry succeeds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let calls = 0;
    server.use(
      http.get(`${API}/categories`, () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(categories);
      }),
    );
    const store = makeStore();
    const request = store.dispatch(api.endpoints.getCategories.initiate());
    await jest.advanceTimersByTimeAsync(1000);
    const result = await request;
    expect(calls).toBe(2);
    expect(result.data).toHaveLength(4);
    request.unsubscribe();
  });

  it('sends the stored access token as a bearer authorization header', async () => {
    localStorage.setItem('accessToken', 'token-123');
    let header: string | null = null;
    server.use(
      http.get(`${API}/categories`, ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json(categories);
      }),
    );
    const store = makeStore();
    await store.dispatch(api.endpoints.getCategories.initiate());
    expect(header).toBe('bearer token-123');
  });
});

describe('query strings', () => {
  it('repeat the key of a list and leave out what is undefined, as the contract reads them', () => {
    expect(
      serializeParams({ q: 'red car', category: ['BMW', 'Tesla'], cursor: undefined, limit: 24 }),
    ).toBe('q=red+car&category=BMW&category=Tesla&limit=24');
  });
});
