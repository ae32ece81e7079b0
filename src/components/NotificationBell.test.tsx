import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../app/store';
import { ACCESS_TOKEN_KEY } from '../lib/api/accessToken';
import { saveUserRecord } from '../lib/auth/session';
import { renderApp } from '../testing/render';
import { API, server } from '../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../testing/session';

afterEach(() => localStorage.clear());

describe('Notification bell', () => {
  it('shows the unread count, updates it from the live stream, and links to the booking', async () => {
    let unread = 0;
    let push: (text: string) => void = () => {};
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/notifications`, () =>
        HttpResponse.json({
          unread,
          items:
            unread === 0
              ? []
              : [
                  {
                    _id: 'n1',
                    orderId: 'o7',
                    kind: 'booking',
                    productId: null,
                    savedSearchId: null,
                    text: 'Bea Buyer booked BMW i4',
                    createdAt: '2026-11-20T10:00:00.000Z',
                    read: false,
                  },
                ],
        }),
      ),
      http.get(`${API}/events`, ({ request }) => {
        authorization = request.headers.get('authorization');
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            push('retry: 3000\n\nevent: unread\ndata: {"unread":0}\n\n');
            request.signal.addEventListener('abort', () => controller.close());
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
    renderApp('/', {
      store: makeStore({ preloadedState: signedInState(makeSessionUser()) }),
    });
    expect(
      await screen.findByRole('button', { name: 'Notifications: 0 unread notifications' }),
    ).toBeInTheDocument();
    // The token travels in a header, never in the URL.
    expect(authorization).toBe('bearer access-1');

    unread = 1;
    push(
      ': heartbeat\n\nevent: notification\ndata: {"orderId":"o7","kind":"booking","unread":1}\n\n',
    );
    const bell = await screen.findByRole('button', {
      name: 'Notifications: 1 unread notification',
    });
    await userEvent.setup({ delay: null }).click(bell);
    const item = await screen.findByRole('menuitem', { name: /Bea Buyer booked BMW i4/ });
    expect(item).toHaveAttribute('href', '/dashboad/orders/o7');
    expect(within(item).getByText(/Nov 20, 2026/)).toBeInTheDocument();
  });

  /** A buyer's saved cars page with one saved car, its price dropping once `drop()` is called. */
  function savedCarWithStream() {
    let items: unknown[] = [];
    const streams: { push: (text: string) => void; close: () => void }[] = [];
    server.use(
      ...roleHandlers('buyer'),
      http.get(`${API}/notifications`, () => HttpResponse.json({ unread: items.length, items })),
      http.get(`${API}/saved-cars`, () =>
        HttpResponse.json([
          {
            productId: 'car-5',
            carName: '2019 BMW 330i',
            carPhoto: '/images/cars/car-01.svg',
            savedPrice: 35000,
            savedAt: '2026-11-20T10:00:00.000Z',
            status: 'listed',
            price: items.length ? 33000 : 35000,
            alerts: true,
          },
        ]),
      ),
      http.get(`${API}/events`, ({ request }) => {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            const push = (text: string) => controller.enqueue(new TextEncoder().encode(text));
            streams.push({ push, close: () => controller.close() });
            push(`event: unread\ndata: {"unread":${items.length}}\n\n`);
            request.signal.addEventListener('abort', () => controller.close());
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
    renderApp('/dashboad/saved', {
      store: makeStore({ preloadedState: signedInState(makeSessionUser()) }),
    });
    return {
      stream: () => streams[streams.length - 1],
      streams: () => streams.length,
      drop() {
        items = [
          {
            _id: 'n2',
            orderId: null,
            kind: 'price_drop',
            productId: 'car-5',
            savedSearchId: null,
            text: '2019 BMW 330i is $2,000 cheaper: now $33,000',
            createdAt: '2026-11-26T10:00:00.000Z',
            read: false,
          },
        ];
      },
    };
  }

  it('shows an alert live and links it to its car; a price drop refreshes the saved cars page', async () => {
    const page = savedCarWithStream();
    await screen.findByRole('button', { name: 'Notifications: 0 unread notifications' });
    expect(await screen.findByRole('link', { name: '2019 BMW 330i' })).toBeVisible();
    page.drop();
    page
      .stream()
      .push(
        'event: notification\ndata: {"orderId":null,"kind":"price_drop","unread":1,' +
          '"productId":"car-5","savedSearchId":null}\n\n',
      );
    const bell = await screen.findByRole('button', {
      name: 'Notifications: 1 unread notification',
    });
    await userEvent.setup({ delay: null }).click(bell);
    const item = await screen.findByRole('menuitem', { name: /is \$2,000 cheaper: now \$33,000/ });
    expect(item).toHaveAttribute('href', '/cars/car-5');
    // The saved cars page shows the new price without a reload.
    expect(await screen.findByText('$2,000 less since you saved it')).toBeInTheDocument();
  });

  it('after the stream drops, refetches the saved cars an alert changed meanwhile', async () => {
    const page = savedCarWithStream();
    expect(await screen.findByRole('link', { name: '2019 BMW 330i' })).toBeVisible();
    await waitFor(() => expect(page.streams()).toBe(1));
    // The price drops while the stream is down: its event is never heard.
    page.drop();
    page.stream().close();
    await waitFor(() => expect(page.streams()).toBe(2));
    expect(await screen.findByText('$2,000 less since you saved it')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Notifications: 1 unread notification' }),
    ).toBeInTheDocument();
  });

  it("opens the live stream as soon as the account's user record is saved", async () => {
    // The API refuses a stream to a sign-in account without its record (409) until PUT /users.
    let recorded = false;
    let refusals = 0;
    let opened = 0;
    server.use(
      http.get(`${API}/notifications`, () =>
        HttpResponse.json({ items: [], unread: recorded ? 2 : 0 }),
      ),
      http.get(`${API}/events`, ({ request }) => {
        if (!recorded) {
          refusals += 1;
          return HttpResponse.json(
            { message: 'This account has no user record yet' },
            { status: 409 },
          );
        }
        opened += 1;
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('event: unread\ndata: {"unread":2}\n\n'));
            request.signal.addEventListener('abort', () => controller.close());
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
      http.put(`${API}/users`, () => {
        recorded = true;
        return HttpResponse.json({
          acknowledged: true,
          matchedCount: 0,
          modifiedCount: 0,
          upsertedCount: 1,
          upsertedId: 'u1',
        });
      }),
    );
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access-1');
    const store = makeStore({ preloadedState: signedInState(makeSessionUser()) });
    renderApp('/', { store });
    // Refused twice (the second a second later): the next try would wait 2 seconds more.
    await waitFor(() => expect(refusals).toBe(2));

    const refused = await store.dispatch(
      saveUserRecord({
        name: 'Sam Seller',
        email: 'sam@example.com',
        userRole: 'Seller',
        userImg: '/images/avatar.svg',
        userVerify: 'false',
      }),
    );
    expect(refused).toBeNull();
    // At once, not after the pause.
    await waitFor(() => expect(opened).toBe(1), { timeout: 1000 });
    expect(refusals).toBe(2);
    expect(
      await screen.findByRole('button', { name: 'Notifications: 2 unread notifications' }),
    ).toBeInTheDocument();
  });
});
