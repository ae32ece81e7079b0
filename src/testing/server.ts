import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { categories } from './data';

export const API = 'http://localhost/api';

/** The network edge for web tests: the API answered by MSW, in the shapes of docs/api.md. */
export const handlers = [
  http.get(`${API}/categories`, () => HttpResponse.json(categories)),
  // No advertised cars unless a test says otherwise (the home page asks on every visit).
  http.get(`${API}/advertisment`, () => HttpResponse.json([])),
  // A signed-in user's bell: nothing new, and a live stream that stays quiet until it is left.
  http.get(`${API}/notifications`, () => HttpResponse.json({ items: [], unread: 0 })),
  // A signed-in user's hearts read the saved cars: none unless a test says otherwise.
  http.get(`${API}/saved-cars`, () => HttpResponse.json([])),
  // A buyer's or seller's alert e-mail settings (the saved pages): the defaults.
  http.get(`${API}/alert-settings`, () =>
    HttpResponse.json({ digest: true, savedCars: 'instant' }),
  ),
  // A signed-in user's own settings (/cars starts 'Near' at its ZIP): none given.
  http.get(`${API}/me`, () =>
    HttpResponse.json({
      _id: 'user-sam',
      name: 'Sam Seller',
      email: 'sam@example.com',
      userRole: 'Seller',
      userImg: '',
      userVerify: 'false',
      phone: null,
      zip: null,
      place: null,
    }),
  ),
  // The dashboard's banner asks whether the e-mail is confirmed: it is unless a test says not,
  // and a confirmation mail asked for is sent.
  http.get(`${API}/me/verification`, () => HttpResponse.json({ emailConfirmed: true })),
  http.post(`${API}/me/verification`, () =>
    HttpResponse.json({ emailConfirmed: false }, { status: 202 }),
  ),
  // A seller's side menu counts the bookings waiting for an answer: none.
  http.get(`${API}/seller-orders`, () =>
    HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }),
  ),
  // A car opened in the app counts a view: answered at once, as the server does.
  http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
  http.get(`${API}/events`, ({ request }) => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: unread\ndata: {"unread":0}\n\n'));
        request.signal.addEventListener('abort', () => controller.close());
      },
    });
    return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
  }),
  // The price guide of Add product and Edit: no value unless a test says otherwise.
  http.get(`${API}/value`, () =>
    HttpResponse.json({ value: null, reason: 'Not enough similar cars to value it' }),
  ),
  // A seller's dealer profile (account settings): none unless a test says otherwise.
  http.get(`${API}/me/dealer`, () => HttpResponse.json({ dealer: null })),
];

export const server = setupServer(...handlers);
