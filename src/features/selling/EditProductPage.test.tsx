import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { CarDetails, Product } from '../../lib/api';
import type { UpdateProductApiArg } from '../../lib/api/seller';
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
  sellerType: 'private',
  seller: {
    name: product.sellerName,
    photo: '',
    verified: false,
    memberSince: '2024-11-03T10:00:00.000Z',
    carsSold: 0,
    sellerType: 'private',
    dealer: null,
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

// Each flow types into the whole MUI form (and its price guide asks after each pause), as Add
// product's tests do: well over Jest's 30 s default when the machine's two cores are shared.
jest.setTimeout(60_000);

describe('Edit a car', () => {
  it('edits every field and the photos, then My products shows the change', async () => {
    const cars = [
      makeProduct({
        _id: 'car-1',
        carName: 'Tesla Model Y',
        resalePrice: 41500,
        email: 'sam@example.com',
        carPhoto: '/image-host/i/front.png',
        model: 'Model Y',
        modelYear: 2021,
        mileage: 48000,
        fuel: 'Electric',
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
    expect(screen.getByLabelText('Model')).toHaveValue('Model Y');
    expect(screen.getByLabelText('Model year')).toHaveValue('2021');
    expect(screen.getByLabelText('Mileage (miles)')).toHaveValue('48000');
    expect(screen.getByRole('combobox', { name: 'Fuel' })).toHaveValue('Electric');
    expect(screen.getByRole('combobox', { name: 'Drive' })).toHaveDisplayValue('Not given');
    const photos = within(screen.getByRole('list', { name: 'Photos' }));
    expect(photos.getAllByRole('listitem')).toHaveLength(2);

    await paste(user, 'Product name', 'Tesla Model Y Long Range');
    await paste(user, 'Selling price', '39900');
    await paste(user, 'Mileage (miles)', '51,200');
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
        model: 'Model Y',
        modelYear: 2021,
        mileage: 51200,
        fuel: 'Electric',
        drive: null,
        vin: null,
      }),
    ]);
  });

  it('asks for the model, model year and mileage of a car posted before they were asked', async () => {
    // A car without vehicle data (null), as every car posted before it.
    const cars = [makeProduct({ _id: 'car-3', carName: 'BMW X5', email: 'sam@example.com' })];
    const api = sellerServer(cars, { 'car-3': [cars[0].carPhoto] });
    renderAsSeller('/dashboad/my-products/car-3/edit');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Model')).toHaveValue('');
    await paste(user, 'VIN (optional)', 'WBA3A5C5XCF25655I');
    await paste(user, 'Previous owners (optional)', '100');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Model is required')).toBeInTheDocument();
    const year = `Model year must be between 1900 and ${new Date().getFullYear() + 1}`;
    expect(screen.getByText(year)).toBeInTheDocument();
    expect(
      screen.getByText('Mileage must be a whole number of miles from 0 to 1,000,000'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('A VIN is 17 letters and digits, without I, O or Q'),
    ).toBeInTheDocument();
    expect(screen.getByText('Owners must be a whole number from 0 to 99')).toBeInTheDocument();
    expect(screen.getByLabelText('Model')).toHaveAccessibleDescription('Model is required');
    expect(api.patches).toEqual([]);
  });

  it('saves the vehicle data once filled in, the VIN in capitals', async () => {
    const cars = [makeProduct({ _id: 'car-3', carName: 'BMW X5', email: 'sam@example.com' })];
    const api = sellerServer(cars, { 'car-3': [cars[0].carPhoto] });
    renderAsSeller('/dashboad/my-products/car-3/edit');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Model')).toHaveValue('');
    await paste(user, 'Model', 'X5');
    await paste(user, 'Model year', '2019');
    await paste(user, 'Mileage (miles)', '62000');
    await paste(user, 'VIN (optional)', 'wba3a5c53cf256551');
    await paste(user, 'Previous owners (optional)', '2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes are saved')).toBeInTheDocument();
    expect(api.patches).toEqual([
      expect.objectContaining({
        model: 'X5',
        modelYear: 2019,
        mileage: 62000,
        vin: 'WBA3A5C53CF256551',
        owners: 2,
        trim: null,
      }),
    ]);
  });

  it('keeps the entries and says why when the server refuses', async () => {
    const cars = [
      makeProduct({
        _id: 'car-2',
        carName: 'BMW i4',
        email: 'sam@example.com',
        model: 'i4',
        modelYear: 2023,
        mileage: 9000,
      }),
    ];
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
