import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
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

/** A signed-in seller whose list the server answers from `products` (mutations change it). */
function renderMyProducts(products: Product[]) {
  server.use(
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: false })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ seller: true })),
    http.get(`${API}/users/buyer/:email`, () => HttpResponse.json({ buyer: false })),
    http.get(`${API}/seller-products/:email`, ({ params }) => {
      expect(params.email).toBe('sam@example.com');
      return HttpResponse.json(products);
    }),
  );
  const store = makeStore({
    preloadedState: {
      auth: { user: seller, loading: false, tokenReady: true, attempt: null, account: 'complete' },
    },
  });
  return renderApp('/dashboad/my-products', { store });
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('My products', () => {
  it("says 'There is no product found' when the seller has none", async () => {
    renderMyProducts([]);
    expect(
      await screen.findByRole('heading', { name: 'There is no product found' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post a car' })).toHaveAttribute(
      'href',
      '/dashboad/add-products',
    );
  });

  it("lists the products under 'My orders' with the spec columns", async () => {
    renderMyProducts([
      makeProduct({ _id: 'p1', carName: 'BMW i4', categoryName: 'BMW', userYears: 3 }),
      makeProduct({ _id: 'p2', carName: 'Ferrari Roma', categoryName: 'Ferrari', userYears: 1 }),
    ]);
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      '#',
      'Image',
      'Product name',
      'Category',
      'Use of years',
      'Advertisement',
      'Action',
    ]);
    const bmw = within(rowOf('BMW i4'));
    expect(bmw.getByText('1')).toBeInTheDocument();
    expect(bmw.getByRole('img', { name: 'BMW i4' })).toBeInTheDocument();
    expect(bmw.getByText('BMW')).toBeInTheDocument();
    expect(bmw.getByText('3 years')).toBeInTheDocument();
    expect(within(rowOf('Ferrari Roma')).getByText('2')).toBeInTheDocument();
    expect(within(rowOf('Ferrari Roma')).getByText('1 year')).toBeInTheDocument();
  });

  it("disables 'Make advertisment' for an advertised car", async () => {
    renderMyProducts([
      makeProduct({ _id: 'p1', carName: 'BMW i4', advertisement: 'true' }),
      makeProduct({ _id: 'p2', carName: 'Ferrari Roma', advertisement: 'false' }),
    ]);
    await screen.findByRole('heading', { name: 'My orders' });
    expect(
      within(rowOf('BMW i4')).getByRole('button', { name: /Make advertisment/ }),
    ).toBeDisabled();
    expect(
      within(rowOf('Ferrari Roma')).getByRole('button', { name: /Make advertisment/ }),
    ).toBeEnabled();
  });

  it('advertises at once, then confirms with the spec toast', async () => {
    const products = [makeProduct({ _id: 'p1', carName: 'BMW i4' })];
    let answer: () => void = () => undefined;
    server.use(
      http.put(`${API}/seller-products/:id`, async ({ params }) => {
        expect(params.id).toBe('p1');
        await new Promise<void>((resolve) => (answer = resolve));
        products[0] = { ...products[0], advertisement: 'true' };
        return HttpResponse.json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }),
    );
    renderMyProducts(products);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'My orders' });
    const button = within(rowOf('BMW i4')).getByRole('button', { name: /Make advertisment/ });
    await user.click(button);
    // Optimistic: disabled before the server has answered, and no toast yet.
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.queryByText('advertisement successfull.')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('advertisement successfull.')).toBeInTheDocument();
    expect(
      within(rowOf('BMW i4')).getByRole('button', { name: /Make advertisment/ }),
    ).toBeDisabled();
  });

  it('rolls the advertisement back with the reason when the server refuses', async () => {
    server.use(
      http.put(`${API}/seller-products/:id`, async () => {
        await delay(50);
        return HttpResponse.json({ message: 'id: this is not your product' }, { status: 403 });
      }),
    );
    renderMyProducts([makeProduct({ _id: 'p1', carName: 'BMW i4' })]);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'My orders' });
    await user.click(within(rowOf('BMW i4')).getByRole('button', { name: /Make advertisment/ }));
    expect(
      await screen.findByText('BMW i4 could not be advertised: id: this is not your product'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(rowOf('BMW i4')).getByRole('button', { name: /Make advertisment/ }),
      ).toBeEnabled(),
    );
    expect(screen.queryByText('advertisement successfull.')).not.toBeInTheDocument();
  });

  it('asks before deleting; Cancel keeps the car', async () => {
    let deletes = 0;
    server.use(
      http.delete(`${API}/seller-products/:id`, () => {
        deletes += 1;
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    renderMyProducts([makeProduct({ _id: 'p1', carName: 'BMW i4' })]);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'My orders' });
    await user.click(within(rowOf('BMW i4')).getByRole('button', { name: 'Delete BMW i4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete BMW i4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletes).toBe(0);
    expect(rowOf('BMW i4')).toBeInTheDocument();
  });

  it('deletes after confirmation: the row goes and the spec toast shows', async () => {
    const products = [
      makeProduct({ _id: 'p1', carName: 'BMW i4' }),
      makeProduct({ _id: 'p2', carName: 'Ferrari Roma' }),
    ];
    server.use(
      http.delete(`${API}/seller-products/:id`, async ({ params }) => {
        expect(params.id).toBe('p1');
        await delay(100);
        products.splice(0, 1);
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    renderMyProducts(products);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'My orders' });
    await user.click(within(rowOf('BMW i4')).getByRole('button', { name: 'Delete BMW i4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete BMW i4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // Gone at once (optimistic), before the server's answer and its toast. `hidden: true`
    // looks behind the closing dialog, which hides the page from assistive tech meanwhile.
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /BMW i4/, hidden: true })).toBeNull(),
    );
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowOf('Ferrari Roma')).toBeInTheDocument();
  });

  it('puts the row back with the reason when a delete is refused', async () => {
    server.use(
      http.delete(`${API}/seller-products/:id`, async () => {
        await delay(50);
        return HttpResponse.json({ message: 'id: no such product' }, { status: 404 });
      }),
    );
    renderMyProducts([makeProduct({ _id: 'p1', carName: 'BMW i4' })]);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'My orders' });
    await user.click(within(rowOf('BMW i4')).getByRole('button', { name: 'Delete BMW i4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete BMW i4?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('BMW i4 could not be deleted: id: no such product'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /BMW i4/ })).toBeInTheDocument();
    expect(screen.queryByText('Product deleted successfully')).not.toBeInTheDocument();
  });

  it('says so, with a retry, when the list cannot be loaded', async () => {
    renderMyProducts([]);
    server.use(
      http.get(`${API}/seller-products/:email`, () =>
        HttpResponse.json({ message: 'no' }, { status: 403 }),
      ),
    );
    expect(await screen.findByText(/We could not load your products/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
