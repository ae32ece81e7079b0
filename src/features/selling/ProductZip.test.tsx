/**
 * A car's ZIP code in Add product and Edit: the place it names shown as typed, its check, how it
 * is sent (left out when empty on add, null when cleared on edit), and My products asking for one.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { CarDetails, Product } from '../../lib/api';
import type { AddProductApiArg, UpdateProductApiArg } from '../../lib/api/seller';
import { makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { signedInState } from '../../testing/session';
import { enter, fillForm, renderAsSeller, seller, sellerApi, UPLOAD } from './addProductTestSetup';

/** GET /places/{zip}: Austin's 78701 is known, any other ZIP is not. */
function placesApi() {
  const asked: string[] = [];
  server.use(
    http.get(`${API}/places/:zip`, ({ params }) => {
      asked.push(String(params.zip));
      return params.zip === '78701'
        ? HttpResponse.json({
            zip: '78701',
            place: 'Austin, TX',
            latitude: 30.27,
            longitude: -97.74,
          })
        : HttpResponse.json({ message: 'zip: no such US ZIP code' }, { status: 404 });
    }),
  );
  return asked;
}

/** POST /category keeps the bodies it is sent. */
function postsApi() {
  const posted: AddProductApiArg['body'][] = [];
  server.use(
    http.post(UPLOAD, () =>
      HttpResponse.json({ success: true, data: { display_url: '/image-host/i/abc.png' } }),
    ),
    http.post(`${API}/category`, async ({ request }) => {
      posted.push((await request.json()) as AddProductApiArg['body']);
      return HttpResponse.json({ acknowledged: true, insertedId: 'new-1' }, { status: 201 });
    }),
  );
  return posted;
}

describe("A car's ZIP code", () => {
  it("names the place of a typed ZIP beside the Location and sends it as 'zip'", async () => {
    sellerApi();
    const asked = placesApi();
    const posted = postsApi();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('');
    await fillForm(user);
    await enter(user, 'ZIP code', '7870');
    // Four digits: nothing asked yet.
    expect(asked).toEqual([]);
    await user.type(screen.getByLabelText('ZIP code'), '1');
    expect(await screen.findByText('78701 — Austin, TX')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    // The Location stays as typed.
    expect(posted[0]).toMatchObject({ zip: '78701', productLocation: 'Austin, TX' });
  });

  it("says 'No such US ZIP code' for an unknown one, and wants 5 digits", async () => {
    sellerApi();
    placesApi();
    const posted = postsApi();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await enter(user, 'ZIP code', '00000');
    expect(await screen.findByText('No such US ZIP code')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('ZIP code'));
    await enter(user, 'ZIP code', '787');
    await user.tab();
    expect(
      await screen.findByText('Enter a 5-digit ZIP code, or leave it empty'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(posted).toEqual([]);
  });

  it('leaves zip out of the post when the field is empty', async () => {
    sellerApi();
    placesApi();
    const posted = postsApi();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).not.toHaveProperty('zip');
  });
});

const details = (product: Product): CarDetails => ({
  ...product,
  photos: [product.carPhoto],
  photosCopies: [[]],
  fairPrice: null,
  marketValue: null,
  sellerType: 'private',
  seller: {
    name: 'Sam',
    photo: '',
    verified: false,
    memberSince: '2024-11-03T10:00:00.000Z',
    carsSold: 0,
    sellerType: 'private',
    dealer: null,
  },
  listedAt: '2025-11-03T10:00:00.000Z',
  priceDrop: null,
  priceHistory: [],
});

describe("Editing a car's ZIP code", () => {
  it("shows the car's ZIP and sends null when it is cleared", async () => {
    const car = makeProduct({
      _id: 'car-1',
      email: seller.email!,
      carPhoto: '/image-host/i/front.png',
      model: 'Model Y',
      modelYear: 2021,
      mileage: 48000,
      zip: '78701',
      place: 'Austin, TX',
    });
    sellerApi([car]);
    placesApi();
    const patches: UpdateProductApiArg['body'][] = [];
    server.use(
      http.get(`${API}/products/:id`, () => HttpResponse.json(details(car))),
      http.patch(`${API}/products/:id`, async ({ request }) => {
        patches.push((await request.json()) as UpdateProductApiArg['body']);
        return HttpResponse.json(details(car));
      }),
    );
    renderApp('/dashboad/my-products/car-1/edit', {
      store: makeStore({ preloadedState: signedInState(seller) }),
    });
    const user = userEvent.setup();
    const zip = await screen.findByLabelText('ZIP code');
    expect(zip).toHaveValue('78701');
    expect(await screen.findByText('78701 — Austin, TX')).toBeInTheDocument();
    await user.clear(zip);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ zip: null });
  });
});

describe('My products', () => {
  it('asks for a ZIP on a car that has none, with a link to its Edit page', async () => {
    const placed = makeProduct({
      _id: 'car-1',
      carName: 'Placed car',
      email: seller.email!,
      zip: '78701',
    });
    const lost = makeProduct({
      _id: 'car-2',
      carName: 'Lost car',
      email: seller.email!,
      zip: null,
    });
    sellerApi([placed, lost]);
    renderApp('/dashboad/my-products', {
      store: makeStore({ preloadedState: signedInState(seller) }),
    });
    const links = await screen.findAllByRole('link', {
      name: 'Add a ZIP so buyers nearby find this car',
    });
    // One car asks (the list and the table are both drawn for the two screen sizes, at most).
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(link).toHaveAttribute('href', '/dashboad/my-products/car-2/edit');
    expect(screen.getAllByText('Placed car').length).toBeGreaterThan(0);
  });
});
