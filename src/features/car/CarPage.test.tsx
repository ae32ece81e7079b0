import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { CarDetails, Product } from '../../lib/api';
import { makeCar } from '../../testing/car';
import { makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

function serve(car: CarDetails, similar: Product[] = []) {
  const searched: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/products/:id`, ({ params }) =>
      params.id === car._id
        ? HttpResponse.json(car)
        : HttpResponse.json({ message: 'id: no such product' }, { status: 404 }),
    ),
    http.get(`${API}/products`, ({ request }) => {
      searched.push(new URL(request.url).searchParams);
      return HttpResponse.json(
        similar.map((p) => ({ ...p, photos: [p.carPhoto], fairPrice: null })),
      );
    }),
  );
  return searched;
}

const signedOut = () =>
  makeStore({
    preloadedState: {
      auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
    },
  });

const asUser = (role: 'buyer' | 'seller' | 'admin', email: string) => {
  server.use(...roleHandlers(role));
  return makeStore({ preloadedState: signedInState(makeSessionUser({ email })) });
};

describe("a car's page", () => {
  it('shows every field, the price signal with its basis, and the seller', async () => {
    serve(makeCar());
    renderApp('/cars/car-1', { store: signedOut() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tesla Model S Plaid' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Selling price $61,800')).toBeInTheDocument();
    expect(screen.getByLabelText('Original price $89,990')).toBeInTheDocument();
    const facts = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(facts('Category')).toBe('Tesla');
    expect(facts('Condition')).toBe('Good');
    expect(facts('Years used')).toBe('3 years');
    expect(facts('Location')).toBe('Denver, CO');
    expect(facts('Posted')).toBe('Mar 14, 2025');
    expect(screen.getByText('Ludicrous speed, one owner.')).toBeInTheDocument();

    const signal = screen.getByRole('region', { name: 'Price signal' });
    expect(within(signal).getByText('Great deal')).toBeInTheDocument();
    expect(
      within(signal).getByText(
        'Market value $66,000, the median price of 23 Tesla for sale in Good condition used ' +
          'within 2 years of this one',
      ),
    ).toBeVisible();
    expect(within(signal).getByText('$4,200 below its market value')).toBeVisible();
    expect(within(signal).getByText('How we rate prices')).toBeInTheDocument();
    expect(signal).toHaveTextContent(
      /a line fitted through their prices by age, mileage and condition/,
    );
    expect(signal).toHaveTextContent(/up to 90% of the value is a Great deal/);
    expect(signal).toHaveTextContent(/fewer than 5 cars behind its value, over 25 years old/);

    // Loaded after the page's first script.
    const seller = await screen.findByRole('region', { name: 'Seller' });
    // The name links to the seller's page; no reviews yet: 'New seller'.
    expect(within(seller).getByRole('link', { name: 'Sam Seller' })).toHaveAttribute(
      'href',
      '/sellers/seller-01',
    );
    expect(within(seller).getByText('New seller')).toBeInTheDocument();
    expect(within(seller).getByRole('img', { name: 'Verified seller' })).toBeInTheDocument();
    expect(within(seller).getByText('Member since Nov 2024')).toBeInTheDocument();
    expect(within(seller).getByText('12 cars sold')).toBeInTheDocument();
  });

  it("lists the vehicle details, '—' for what is unknown", async () => {
    serve(
      makeCar({
        model: 'Model S',
        modelYear: 2022,
        trim: 'Plaid',
        bodyStyle: 'Sedan',
        fuel: 'Electric',
        drive: 'AWD',
        mileage: 48000,
        owners: 1,
        vin: '5YJSA1E65NF000001',
      }),
    );
    const { unmount } = renderApp('/cars/car-1', { store: signedOut() });
    const details = await screen.findByRole('region', { name: 'Vehicle details' });
    const fact = (label: string) =>
      within(details).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(
      ['Make', 'Model', 'Model year', 'Trim', 'Body', 'Fuel', 'Transmission', 'Drive'].map(fact),
    ).toEqual(['Tesla', 'Model S', '2022', 'Plaid', 'Sedan', 'Electric', '—', 'AWD']);
    expect(['Colour', 'Mileage', 'Owners', 'VIN'].map(fact)).toEqual([
      '—',
      '48,000 mi',
      '1',
      '5YJSA1E65NF000001',
    ]);
    unmount();
    // A car posted before the vehicle data was asked: only its make is known.
    serve(makeCar());
    renderApp('/cars/car-1', { store: signedOut() });
    const older = await screen.findByRole('region', { name: 'Vehicle details' });
    expect(within(older).getAllByText('—')).toHaveLength(11);
    expect(within(older).getByText('Make').nextElementSibling).toHaveTextContent('Tesla');
  });

  it('says a high price and its basis, why a value is not rated, and nothing without a value', async () => {
    const value = { value: 60700, basis: 'comparables', listings: 7, makeListings: null } as const;
    serve(
      makeCar({
        fairPrice: { rating: 'high', median: 60700, comparables: 7 },
        marketValue: { ...value, rated: true },
      }),
    );
    const { unmount } = renderApp('/cars/car-1', { store: signedOut() });
    expect(await screen.findByText('High price')).toBeInTheDocument();
    expect(screen.getByText('$1,100 above its market value')).toBeInTheDocument();
    unmount();

    // A value with too little behind it: shown, not rated.
    serve(makeCar({ fairPrice: null, marketValue: { ...value, listings: 3, rated: false } }));
    const second = renderApp('/cars/car-1', { store: signedOut() });
    expect(
      await screen.findByText(/^Market value \$60,700, the median price of 3 Tesla/),
    ).toBeVisible();
    expect(screen.getByText('Not rated: too few cars like it for sale.')).toBeVisible();
    expect(screen.queryByText('High price')).not.toBeInTheDocument();
    second.unmount();

    serve(makeCar({ fairPrice: null, marketValue: null }));
    renderApp('/cars/car-1', { store: signedOut() });
    await screen.findByRole('heading', { level: 1, name: 'Tesla Model S Plaid' });
    expect(screen.queryByRole('region', { name: 'Price signal' })).not.toBeInTheDocument();
    expect(screen.queryByText(/market value/i)).not.toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page, to come back here', async () => {
    serve(makeCar());
    const { router } = renderApp('/cars/car-1', { store: signedOut() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book this car' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: '/cars/car-1', search: '' } });
  });

  it("opens the booking dialog for a buyer, with the spec's fields", async () => {
    serve(makeCar());
    renderApp('/cars/car-1', { store: asUser('buyer', 'bea@example.com') });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book this car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Tesla Model S Plaid' });
    expect(within(dialog).getByLabelText('Product name')).toHaveValue('Tesla Model S Plaid');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it.each([
    ['its own seller', 'seller' as const, 'sam@example.com'],
    ['an admin', 'admin' as const, 'admin@example.com'],
  ])('offers no booking to %s', async (_who, role, email) => {
    serve(makeCar());
    const store = asUser(role, email);
    renderApp('/cars/car-1', { store });
    await screen.findByRole('heading', { level: 1, name: 'Tesla Model S Plaid' });
    // Once the role is known, still no button.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).filter(
          (q) => q?.endpointName?.startsWith('getIs') && q.status === 'fulfilled',
        ),
      ).toHaveLength(3),
    );
    expect(screen.queryByRole('button', { name: 'Book this car' })).not.toBeInTheDocument();
  });

  it('copies the link when the browser cannot share, and says so', async () => {
    serve(makeCar());
    renderApp('/cars/car-1', { store: signedOut() });
    const user = userEvent.setup();
    // What the page writes, on the clipboard user-event provides.
    const written = jest.spyOn(navigator.clipboard, 'writeText');
    expect(navigator.share).toBeUndefined();
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Link copied to the clipboard')).toBeInTheDocument();
    expect(written).toHaveBeenCalledWith('http://localhost/cars/car-1');
    written.mockRestore();
  });

  it("uses the browser's share sheet where there is one", async () => {
    const share = jest.fn<Promise<void>, [ShareData]>(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      serve(makeCar());
      renderApp('/cars/car-1', { store: signedOut() });
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Tesla Model S Plaid',
        url: 'http://localhost/cars/car-1',
      });
      expect(screen.queryByText('Link copied to the clipboard')).not.toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('says Sold and offers similar cars for sale as links', async () => {
    const searched = serve(makeCar({ sold: true, fairPrice: null }), [
      makeProduct({ _id: 'car-1', carName: 'Tesla Model S Plaid' }),
      makeProduct({ _id: 'other-1', carName: 'Tesla Model 3 Performance', resalePrice: 39900 }),
      makeProduct({ _id: 'other-2', carName: 'Tesla Model X', resalePrice: 71000 }),
    ]);
    renderApp('/cars/car-1', { store: signedOut() });
    expect(await screen.findByText('Sold')).toBeInTheDocument();
    const similar = await screen.findByRole('region', { name: 'Similar cars for sale' });
    const links = await within(similar).findAllByRole('link', { name: /Tesla Model/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/cars/other-1',
      '/cars/other-2',
    ]);
    expect(links[0]).toHaveTextContent('$39,900');
    expect(searched[0].get('category')).toBe('Tesla');
    expect(screen.queryByRole('button', { name: 'Book this car' })).not.toBeInTheDocument();
  });

  it("follows a link to another car's page, showing that car from its first photo", async () => {
    const sold = makeCar({ sold: true, fairPrice: null });
    const other = makeCar({
      _id: 'other-1',
      carName: 'Tesla Model 3 Performance',
      photos: ['/image-host/i/other.png'],
      carPhoto: '/image-host/i/other.png',
      carPhotoCopies: undefined,
    });
    server.use(
      http.get(`${API}/products/:id`, ({ params }) =>
        HttpResponse.json(params.id === 'other-1' ? other : sold),
      ),
      http.get(`${API}/products`, () => HttpResponse.json([{ ...other, seller: undefined }])),
    );
    const { router } = renderApp('/cars/car-1', { store: signedOut() });
    const user = userEvent.setup();
    const gallery = await screen.findByRole('region', { name: 'Photos of Tesla Model S Plaid' });
    await user.click(within(gallery).getByRole('button', { name: 'Show photo 3 of 3' }));
    await user.click(await screen.findByRole('link', { name: /Tesla Model 3 Performance/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cars/other-1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tesla Model 3 Performance' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Tesla Model 3 Performance' })).toHaveAttribute(
      'src',
      '/image-host/i/other.png',
    );
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
  });

  it("shows the app's not-found page for an unknown id", async () => {
    serve(makeCar());
    const { router } = renderApp('/cars/car-1', { store: signedOut() });
    await screen.findByRole('heading', { level: 1, name: 'Tesla Model S Plaid' });
    await act(() => router.navigate('/cars/no-such-car'));
    expect(
      await screen.findByRole('heading', { name: 'Opps.. page not found' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Tesla Model S Plaid')).not.toBeInTheDocument();
  });
});

describe("a car's gallery", () => {
  it('turns the photos with the arrow keys while it has focus, and by thumbnail', async () => {
    serve(makeCar());
    renderApp('/cars/car-1', { store: signedOut() });
    const gallery = await screen.findByRole('region', { name: 'Photos of Tesla Model S Plaid' });
    const photo = () => within(gallery).getAllByRole('img')[0];
    expect(photo()).toHaveAccessibleName('Tesla Model S Plaid, photo 1 of 3');
    // The cover shows the copy that fits, from the copies the answer lists (the 1600 px one is
    // for full screen).
    expect(photo()).toHaveAttribute('src', '/image-host/i/front-640.webp');
    // The thumbnails offer the small copies only.
    const thumbnail = within(
      within(gallery).getByRole('button', { name: 'Show photo 2 of 3' }),
    ).getByRole('presentation');
    expect(thumbnail).toHaveAttribute('src', '/image-host/i/side-160.webp');
    expect(thumbnail).toHaveAttribute(
      'srcset',
      '/image-host/i/side-160.webp 160w, /image-host/i/side-640.webp 640w',
    );
    expect(thumbnail).toHaveAttribute('sizes', '96px');

    const user = userEvent.setup();
    act(() => gallery.focus());
    await user.keyboard('{ArrowRight}');
    expect(photo()).toHaveAccessibleName('Tesla Model S Plaid, photo 2 of 3');
    // Every photo shows a copy that fits, not its original.
    expect(photo()).toHaveAttribute('src', '/image-host/i/side-640.webp');
    expect(photo()).toHaveAttribute(
      'srcset',
      '/image-host/i/side-160.webp 160w, /image-host/i/side-640.webp 640w',
    );
    expect(photo()).toHaveAttribute('sizes', '(max-width: 899px) 100vw, 760px');
    expect(within(gallery).getByText('2 / 3')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(photo()).toHaveAccessibleName('Tesla Model S Plaid, photo 3 of 3');

    await user.click(within(gallery).getByRole('button', { name: 'Show photo 1 of 3' }));
    expect(photo()).toHaveAccessibleName('Tesla Model S Plaid, photo 1 of 3');
    expect(within(gallery).getByRole('button', { name: 'Show photo 1 of 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows the large copy full screen, the photo as uploaded when it has none; Escape closes it', async () => {
    serve(makeCar());
    renderApp('/cars/car-1', { store: signedOut() });
    const user = userEvent.setup();
    const open = await screen.findByRole('button', { name: 'Full screen' });
    await user.click(open);
    const full = await screen.findByRole('dialog', { name: 'Full screen photo' });
    const shown = () => within(full).getByRole('img');
    expect(shown()).toHaveAttribute('src', '/image-host/i/front-1600.webp');
    expect(shown()).toHaveAttribute(
      'srcset',
      '/image-host/i/front-160.webp 160w, /image-host/i/front-640.webp 640w, /image-host/i/front-1600.webp 1600w',
    );
    expect(shown()).toHaveAttribute('sizes', '100vw');
    expect(within(full).getByRole('button', { name: 'Close full screen' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', '/image-host/i/side-1600.webp');
    // Uploaded before the large copy existed: its 640 px copy is too small, so the original.
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', '/image-host/i/back.png');
    expect(shown()).not.toHaveAttribute('srcset');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Full screen photo' })).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });
});
