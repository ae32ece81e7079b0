import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { CarDetails, Product, UpdateProductApiArg } from '../../lib/api';
import { makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const seller = makeSessionUser({ email: 'sam@example.com', displayName: 'Sam Seller' });

const details = (product: Product, photos: string[]): CarDetails => ({
  ...product,
  photos,
  photosCopies: photos.map(() => []),
  fairPrice: null,
  marketValue: null,
  seller: {
    name: product.sellerName,
    photo: '',
    verified: false,
    memberSince: '2024-11-03T10:00:00.000Z',
    carsSold: 0,
  },
  listedAt: '2025-11-03T10:00:00.000Z',
  priceDrop: null,
  priceHistory: [{ price: Number(product.resalePrice), at: '2025-11-03T10:00:00.000Z' }],
});

/** The seller's cars as the server keeps them; PATCH changes them, the lists read them. */
function sellerServer(cars: Product[], photos: Record<string, string[]>) {
  const patches: UpdateProductApiArg['body'][] = [];
  let refuse: string | null = null;
  server.use(
    ...roleHandlers('seller'),
    http.get(`${API}/seller-orders`, () => HttpResponse.json([])),
    http.get(`${API}/seller-products/:email`, () => HttpResponse.json(cars)),
    http.get(`${API}/products/:id`, ({ params }) => {
      const car = cars.find((item) => item._id === params.id);
      return car
        ? HttpResponse.json(details(car, photos[car._id]))
        : HttpResponse.json({ message: 'id: no such product' }, { status: 404 });
    }),
    http.patch(`${API}/products/:id`, async ({ params, request }) => {
      const body = (await request.json()) as UpdateProductApiArg['body'];
      patches.push(body);
      if (refuse) return HttpResponse.json({ message: refuse }, { status: 409 });
      const index = cars.findIndex((item) => item._id === params.id);
      cars[index] = {
        ...cars[index],
        carName: body.carName ?? cars[index].carName,
        resalePrice: Number(body.resalePrice ?? cars[index].resalePrice),
        carPhoto: body.photos?.[0] ?? cars[index].carPhoto,
      };
      if (body.photos) photos[cars[index]._id] = body.photos;
      return HttpResponse.json(details(cars[index], photos[cars[index]._id]));
    }),
  );
  return { patches, refuseWith: (message: string) => (refuse = message) };
}

const renderAsSeller = (path: string) =>
  renderApp(path, { store: makeStore({ preloadedState: signedInState(seller) }) });

async function paste(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(screen.getByLabelText(label));
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

describe('Edit a car', () => {
  it('edits every field and the photos, then My products shows the change', async () => {
    const cars = [
      makeProduct({
        _id: 'car-1',
        carName: 'Tesla Model Y',
        resalePrice: 41500,
        email: 'sam@example.com',
        carPhoto: '/image-host/i/front.png',
      }),
    ];
    const api = sellerServer(cars, {
      'car-1': ['/image-host/i/front.png', '/image-host/i/side.png'],
    });
    const { router } = renderAsSeller('/dashboad/my-products');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Edit Tesla Model Y' }));

    expect(await screen.findByRole('heading', { name: 'Edit Tesla Model Y' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboad/my-products/car-1/edit');
    expect(await screen.findByLabelText('Product name')).toHaveValue('Tesla Model Y');
    expect(screen.getByLabelText('Selling price')).toHaveValue('41500');
    expect(screen.getByLabelText('Location')).toHaveValue('Austin, TX');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveTextContent('Excellent');
    const photos = within(screen.getByRole('list', { name: 'Photos' }));
    expect(photos.getAllByRole('listitem')).toHaveLength(2);

    await paste(user, 'Product name', 'Tesla Model Y Long Range');
    await paste(user, 'Selling price', '39900');
    await user.click(screen.getByRole('button', { name: 'Move left: photo 2' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your changes are saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboad/my-products'));
    // The new name, which opens the car's page.
    expect(await screen.findByRole('link', { name: 'Tesla Model Y Long Range' })).toHaveAttribute(
      'href',
      '/cars/car-1',
    );
    expect(api.patches).toEqual([
      expect.objectContaining({
        carName: 'Tesla Model Y Long Range',
        resalePrice: '39900',
        originalPrice: '52000',
        condition: 'Excellent',
        categoryName: 'Tesla',
        productLocation: 'Austin, TX',
        userYears: '2',
        carPhoto: '/image-host/i/side.png',
        photos: ['/image-host/i/side.png', '/image-host/i/front.png'],
      }),
    ]);
  });

  it('keeps the entries and says why when the server refuses', async () => {
    const cars = [makeProduct({ _id: 'car-2', carName: 'BMW i4', email: 'sam@example.com' })];
    const api = sellerServer(cars, { 'car-2': [cars[0].carPhoto] });
    api.refuseWith('This car has been sold');
    const { router } = renderAsSeller('/dashboad/my-products/car-2/edit');
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await paste(user, 'Product name', 'BMW i4 M50');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'The changes could not be saved: This car has been sold. Your entries are kept.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveValue('BMW i4 M50');
    expect(router.state.location.pathname).toBe('/dashboad/my-products/car-2/edit');
  });

  it('offers no Edit for a sold car, and its edit page says why', async () => {
    const cars = [
      makeProduct({ _id: 'car-3', carName: 'Ferrari Roma', email: 'sam@example.com', sold: true }),
      makeProduct({ _id: 'car-4', carName: 'Ferrari F8', email: 'sam@example.com' }),
    ];
    sellerServer(cars, { 'car-3': [cars[0].carPhoto], 'car-4': [cars[1].carPhoto] });
    const { unmount } = renderAsSeller('/dashboad/my-products');
    expect(await screen.findByRole('link', { name: 'Edit Ferrari F8' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Ferrari Roma' })).not.toBeInTheDocument();
    unmount();

    renderAsSeller('/dashboad/my-products/car-3/edit');
    expect(
      await screen.findByText('This car has been sold, so it can no longer be edited.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Product name')).not.toBeInTheDocument();
  });
});
