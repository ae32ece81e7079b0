import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Product } from '../../lib/api';
import type { SessionUser } from '../../lib/auth/sessionUser';
import { makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';

const seller: SessionUser = {
  uid: 'uid-sam',
  displayName: 'Sam Seller',
  photoURL: null,
  email: 'sam@example.com',
  emailVerified: false,
  phoneNumber: null,
  isAnonymous: false,
  tenantId: null,
  providerData: [],
  metadata: { creationTime: null, lastSignInTime: null },
};

function renderMyProducts(products: Product[]) {
  server.use(
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: false })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ seller: true })),
    http.get(`${API}/users/buyer/:email`, () => HttpResponse.json({ buyer: false })),
    http.get(`${API}/seller-products/:email`, () => HttpResponse.json(products)),
  );
  const store = makeStore({
    preloadedState: {
      auth: { user: seller, loading: false, tokenReady: true, attempt: null, account: 'complete' },
    },
  });
  return renderApp('/dashboad/my-products', { store });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('a hidden car in My products', () => {
  it('says why, and asks for review once (then shows Review asked)', async () => {
    const hidden = makeProduct({
      _id: 'h1',
      carName: 'BMW i4',
      moderation: { state: 'hidden', reason: 'Photos of another car', reviewAsked: false },
    });
    const products = [hidden, makeProduct({ _id: 'p2', carName: 'Ferrari Roma' })];
    let asked = 0;
    server.use(
      http.post(`${API}/products/:id/review-request`, ({ params }) => {
        expect(params.id).toBe('h1');
        asked += 1;
        hidden.moderation = { ...hidden.moderation!, reviewAsked: true };
        return HttpResponse.json(hidden.moderation);
      }),
    );
    renderMyProducts(products);
    const row = within(await screen.findByRole('row', { name: /BMW i4/ }));
    expect(row.getByText('Hidden by moderation: Photos of another car')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Edit BMW i4' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Make advertisment: BMW i4' })).toBeDisabled();
    // A car for sale has no note and no button.
    expect(within(rowOf('Ferrari Roma')).queryByText(/Hidden/)).not.toBeInTheDocument();
    expect(within(rowOf('Ferrari Roma')).queryByRole('button', { name: /Ask for review/ })).toBe(
      null,
    );

    await userEvent.click(row.getByRole('button', { name: 'Ask for review: BMW i4' }));
    expect(await row.findByText('Review asked')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Ask for review/ })).not.toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('shows a refusal and keeps the button', async () => {
    server.use(
      http.post(`${API}/products/:id/review-request`, () =>
        HttpResponse.json({ message: 'You already asked for a review' }, { status: 409 }),
      ),
    );
    renderMyProducts([
      makeProduct({
        _id: 'h1',
        carName: 'BMW i4',
        moderation: { state: 'hidden', reason: 'Spam', reviewAsked: false },
      }),
    ]);
    const row = within(await screen.findByRole('row', { name: /BMW i4/ }));
    await userEvent.click(row.getByRole('button', { name: 'Ask for review: BMW i4' }));
    expect(await screen.findByText('BMW i4: You already asked for a review')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Ask for review: BMW i4' })).toBeInTheDocument();
  });

  it('says Pending review, or hidden with the account, without a button', async () => {
    renderMyProducts([
      makeProduct({
        _id: 'a',
        carName: 'Audi A4',
        moderation: { state: 'pending', reason: '', reviewAsked: false },
      }),
      makeProduct({
        _id: 'b',
        carName: 'Tesla Model 3',
        moderation: { state: 'suspended', reason: 'Fraud', reviewAsked: false },
      }),
    ]);
    expect(await screen.findByText('Pending review')).toBeInTheDocument();
    expect(screen.getByText('Hidden while your account is suspended')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask for review/ })).not.toBeInTheDocument();
  });
});
