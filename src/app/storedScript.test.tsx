import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { notify } from '../lib/notify/notify';
import { makeOrder, makeProduct, makeUser } from '../testing/data';
import { renderApp } from '../testing/render';
import { API, server } from '../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../testing/session';
import { makeStore } from './store';

/** Stored script: hostile text that sellers, buyers and users could save. */
const payloads = {
  image: '<img src="x" onerror="window.__xss=1">Roadster',
  script: '<script>window.__xss=2</script>',
  svg: '"><svg onload="window.__xss=3">',
  bold: '<b>Bold & Co</b>',
};

declare global {
  interface Window {
    __xss?: number;
  }
}

function nothingInjected() {
  expect(document.querySelector('img[src="x"]')).toBeNull();
  expect(document.querySelector('svg[onload]')).toBeNull();
  expect(document.querySelector('b')).toBeNull();
  expect(
    [...document.querySelectorAll('script')].some((s) => s.textContent?.includes('__xss')),
  ).toBe(false);
  expect(window.__xss).toBeUndefined();
}

const store = (role: 'buyer' | 'admin') =>
  makeStore({ preloadedState: signedInState(makeSessionUser({ email: `${role}@example.com` })) });

describe('stored script shows as plain text everywhere', () => {
  it('on the category page cards', async () => {
    const hostile = makeProduct({
      carName: payloads.image,
      productDescription: payloads.script,
      productLocation: payloads.svg,
      sellerName: payloads.bold,
      categoryName: 'Tesla',
    });
    server.use(
      ...roleHandlers('buyer'),
      http.get(`${API}/category-products/:name`, () =>
        HttpResponse.json([hostile], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderApp('/category-products/Tesla', { store: store('buyer') });
    expect(await screen.findByText(payloads.image)).toBeInTheDocument();
    expect(screen.getByText(payloads.script)).toBeInTheDocument();
    expect(screen.getByText(payloads.svg)).toBeInTheDocument();
    expect(screen.getByText(payloads.bold)).toBeInTheDocument();
    nothingInjected();
  });

  it('in the My orders table', async () => {
    server.use(
      ...roleHandlers('buyer'),
      http.get(`${API}/orders`, () =>
        HttpResponse.json([makeOrder({ productName: payloads.image })]),
      ),
    );
    renderApp('/dashboad/my-orders', { store: store('buyer') });
    expect(await screen.findByText(payloads.image)).toBeInTheDocument();
    nothingInjected();
  });

  it('in the admin grid', async () => {
    server.use(
      ...roleHandlers('admin'),
      http.get(`${API}/users/buyers`, () =>
        HttpResponse.json([makeUser({ name: payloads.bold, email: 'x@example.com' })], {
          headers: { 'X-Total-Count': '1' },
        }),
      ),
    );
    renderApp('/dashboad/all-buyers', { store: store('admin') });
    expect(await screen.findByText(payloads.bold)).toBeInTheDocument();
    nothingInjected();
  });

  it('in a toast', async () => {
    renderApp('/blogs');
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    act(() => {
      notify.error(`${payloads.svg} could not be deleted`);
    });
    expect(await screen.findByText(`${payloads.svg} could not be deleted`)).toBeInTheDocument();
    await waitFor(() => nothingInjected());
  });
});
