import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Product } from '../../lib/api';
import type { AddProductApiArg } from '../../lib/api/seller';
import type { SessionUser } from '../../lib/auth/sessionUser';
import { makeCategory, makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';

const seller: SessionUser = {
  uid: 'uid-sam',
  displayName: 'Sam Seller',
  photoURL: 'http://localhost/image-host/i/sam.png',
  email: 'sam@example.com',
  emailVerified: false,
  phoneNumber: null,
  isAnonymous: false,
  tenantId: null,
  providerData: [],
  metadata: { creationTime: null, lastSignInTime: null },
};

const UPLOAD = 'http://localhost/image-host/1/upload';

function renderAsSeller() {
  const store = makeStore({
    preloadedState: {
      auth: { user: seller, loading: false, tokenReady: true, attempt: null, account: 'complete' },
    },
  });
  return renderApp('/dashboad/add-products', { store });
}

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'car.png', { type: 'image/png' });

/** The role lookups say seller; My products answers what the test keeps in `products`. */
function sellerApi(products: Product[] = []) {
  server.use(
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: false })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ seller: true })),
    http.get(`${API}/users/buyer/:email`, () => HttpResponse.json({ buyer: false })),
    http.get(`${API}/seller-products/:email`, () => HttpResponse.json(products)),
  );
}

/** Types by pasting (each keystroke would re-render the whole form). */
async function enter(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, 'Model', 'Model Y');
  await enter(user, 'Model year', '2021');
  await enter(user, 'Mileage (miles)', '48,000');
  await enter(user, 'Product name', 'Tesla Model Y');
  await enter(user, 'Original price', '52000');
  await enter(user, 'Selling price', '41500');
  await enter(user, 'Location', 'Austin, TX');
  await enter(user, 'Year of used', '2');
  await user.upload(screen.getByLabelText('Product photo'), photo());
  await enter(user, 'Description', 'One owner, full service history.');
}

// Each flow fills the spec's fields and the vehicle data in the whole MUI form: 4-5 s here, and
// several times that when Jest's two workers share two cores with CI's other work.
jest.setTimeout(60_000);
describe('Add product', () => {
  it('offers the spec fields with their defaults, and a Post button', async () => {
    sellerApi();
    renderAsSeller();
    expect(await screen.findByRole('heading', { name: 'Add a product' })).toBeInTheDocument();
    // The form shows with the category choices (GET /categories).
    await screen.findByLabelText('Product name');
    for (const label of [
      'Product name',
      'Original price',
      'Selling price',
      'Location',
      'Year of used',
      'Product photo',
      'Description',
    ]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByLabelText('Your name')).toHaveValue('Sam Seller');
    expect(screen.getByRole('combobox', { name: 'Condition' })).toHaveTextContent('Excellent');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Tesla');
    expect(screen.getByLabelText('Product photo')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Condition' }));
    const conditions = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(conditions.map((o) => o.textContent)).toEqual(['Excellent', 'Good', 'Fair']);
    await user.click(screen.getByRole('option', { name: 'Fair' }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    const brands = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(brands.map((o) => o.textContent)).toEqual(['Tesla', 'Ferrari', 'BMW', 'Lamborghini']);
  });

  it('offers the categories GET /categories answers, the first by default', async () => {
    sellerApi();
    server.use(
      http.get(`${API}/categories`, () =>
        HttpResponse.json([
          makeCategory({ categoryName: 'Porsche' }),
          makeCategory({ categoryName: 'Tesla' }),
        ]),
      ),
    );
    renderAsSeller();
    const category = await screen.findByRole('combobox', { name: 'Category' });
    expect(category).toHaveTextContent('Porsche');
    const user = userEvent.setup();
    await user.click(category);
    const brands = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(brands.map((o) => o.textContent)).toEqual(['Porsche', 'Tesla']);
  });

  it("says 'Required' under every empty field and sends nothing", async () => {
    sellerApi();
    renderAsSeller();
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('Your name'));
    await user.click(screen.getByRole('button', { name: 'Post' }));
    // Product name, both prices, location, years, your name, photo, description.
    expect(await screen.findAllByText('Required')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('wants numbers for the prices and the years', async () => {
    sellerApi();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Original price');
    await enter(user, 'Original price', 'a lot');
    await enter(user, 'Selling price', '12,5');
    await enter(user, 'Year of used', 'two');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findAllByText('Enter a number (digits, such as 12500)')).toHaveLength(3);
    await user.clear(screen.getByLabelText('Year of used'));
    await enter(user, 'Year of used', '150');
    await user.tab();
    expect(await screen.findByText('Enter at most 100')).toBeInTheDocument();
  });

  it('uploads the photo, then posts the product, then goes to My products', async () => {
    const posted: AddProductApiArg['body'][] = [];
    const uploadKeys: (string | null)[] = [];
    let answer: () => void = () => undefined;
    const mine: Product[] = [];
    sellerApi(mine);
    server.use(
      http.post(UPLOAD, ({ request }) => {
        uploadKeys.push(new URL(request.url).searchParams.get('key'));
        return HttpResponse.json({
          success: true,
          data: { display_url: '/image-host/i/abc.png' },
        });
      }),
      http.post(`${API}/category`, async ({ request }) => {
        const body = (await request.json()) as AddProductApiArg['body'];
        posted.push(body);
        await new Promise<void>((resolve) => (answer = resolve));
        mine.push(makeProduct({ ...body, _id: 'new-1', carName: body.carName } as Product));
        return HttpResponse.json({ acknowledged: true, insertedId: 'new-1' }, { status: 201 });
      }),
    );
    const { router } = renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));

    // Busy until the server answers the post (the photo is already up).
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(await screen.findByRole('progressbar', { name: 'Posting the product' })).toBeVisible();
    await waitFor(() => expect(posted).toHaveLength(1));
    answer();
    expect(await screen.findByText('Product added succesfull')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboad/my-products'));
    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    expect(screen.getByText('Tesla Model Y')).toBeInTheDocument();

    expect(uploadKeys).toEqual([expect.any(String)]);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      carName: 'Tesla Model Y',
      carPhoto: '/image-host/i/abc.png',
      photos: ['/image-host/i/abc.png'],
      categoryName: 'Tesla',
      condition: 'Excellent',
      originalPrice: '52000',
      resalePrice: '41500',
      productLocation: 'Austin, TX',
      userYears: '2',
      productDescription: 'One owner, full service history.',
      sellerName: 'Sam Seller',
      sellerPhoto: seller.photoURL,
      // The vehicle data: the three asked for, the rest unknown.
      model: 'Model Y',
      modelYear: 2021,
      mileage: 48000,
      vin: null,
      trim: null,
      fuel: null,
      owners: null,
    });
    // A local date-time string, as the seller's clock shows it.
    expect(posted[0].postTime).toBe(new Date(Date.parse(posted[0].postTime!)).toLocaleString());
  });

  it('shows a failed upload with Retry, posts nothing without a stored photo, keeps what was typed', async () => {
    sellerApi();
    let posts = 0;
    server.use(
      http.post(UPLOAD, () =>
        HttpResponse.json(
          { success: false, error: { message: 'image: not an image' } },
          { status: 415 },
        ),
      ),
      http.post(`${API}/category`, () => {
        posts += 1;
        return HttpResponse.json({ acknowledged: true, insertedId: 'x' }, { status: 201 });
      }),
    );
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillForm(user);
    expect(await screen.findByText('Upload failed: image: not an image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry photo 1 (cover)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(
      await screen.findByText(
        'None of the photos could be uploaded, so nothing was sent: retry them or choose others.',
      ),
    ).toBeInTheDocument();
    expect(posts).toBe(0);
    expect(screen.queryByText('Product added succesfull')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveValue('Tesla Model Y');
    expect(screen.getByLabelText('Selling price')).toHaveValue('41500');
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('shows a refused post with the reason, keeps the entries, and retries without re-uploading', async () => {
    sellerApi();
    let uploads = 0;
    let posts = 0;
    server.use(
      http.post(UPLOAD, () => {
        uploads += 1;
        return HttpResponse.json({ success: true, data: { display_url: '/image-host/i/a.png' } });
      }),
      http.post(`${API}/category`, () => {
        posts += 1;
        return posts === 1
          ? HttpResponse.json({ message: 'resalePrice: must be a number' }, { status: 400 })
          : HttpResponse.json({ acknowledged: true, insertedId: 'x' }, { status: 201 });
      }),
    );
    const { router } = renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect(
      await screen.findByText(
        'The product could not be posted: resalePrice: must be a number. Your entries are kept.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveValue('Tesla Model Y');
    expect(screen.getByLabelText('Description')).toHaveValue('One owner, full service history.');
    expect(router.state.location.pathname).toBe('/dashboad/add-products');

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Product added succesfull')).toBeInTheDocument();
    expect(uploads).toBe(1);
    expect(posts).toBe(2);
  });

  it('is for sellers only', async () => {
    server.use(
      http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: false })),
      http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ seller: false })),
      http.get(`${API}/users/buyer/:email`, () => HttpResponse.json({ buyer: true })),
    );
    renderAsSeller();
    expect(await screen.findByText(/This page is for sellers only/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Product name')).not.toBeInTheDocument();
  });
});

describe('Add product: several photos', () => {
  const named = (name: string) =>
    new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

  /**
   * The image host, answering the uploads in the order they arrive (the test's File does not
   * cross the network edge intact): 'ok' stores it as `/image-host/i/upload-<n>.png`, 'fail'
   * refuses it, 'hold' stores it once `release()` is called. Later uploads are stored.
   */
  function imageHost(answers: ('ok' | 'fail' | 'hold')[] = []) {
    let count = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(UPLOAD, async () => {
        count += 1;
        const answer = answers[count - 1] ?? 'ok';
        if (answer === 'hold') await held;
        if (answer === 'fail') {
          return HttpResponse.json(
            { success: false, error: { message: 'image: not an image' } },
            { status: 415 },
          );
        }
        return HttpResponse.json({
          success: true,
          data: { display_url: `/image-host/i/upload-${count}.png` },
        });
      }),
    );
    return { release, uploads: () => count };
  }

  function postedBodies() {
    const posted: AddProductApiArg['body'][] = [];
    server.use(
      http.post(`${API}/category`, async ({ request }) => {
        posted.push((await request.json()) as AddProductApiArg['body']);
        return HttpResponse.json({ acknowledged: true, insertedId: 'new-1' }, { status: 201 });
      }),
    );
    return posted;
  }

  async function fillFields(user: ReturnType<typeof userEvent.setup>) {
    await enter(user, 'Model', 'Model Y');
    await enter(user, 'Model year', '2021');
    await enter(user, 'Mileage (miles)', '48,000');
    await enter(user, 'Product name', 'Tesla Model Y');
    await enter(user, 'Original price', '52000');
    await enter(user, 'Selling price', '41500');
    await enter(user, 'Location', 'Austin, TX');
    await enter(user, 'Year of used', '2');
    await enter(user, 'Description', 'One owner, full service history.');
  }

  const order = () =>
    within(screen.getByRole('list', { name: 'Photos' }))
      .getAllByRole('listitem')
      .map((item) => item.getAttribute('aria-label'));

  it('uploads each photo with its progress, reorders by buttons, removes, and posts them in order', async () => {
    sellerApi();
    const host = imageHost(['ok', 'hold', 'ok']);
    const posted = postedBodies();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillFields(user);
    await user.upload(screen.getByLabelText('Product photo'), [
      named('front.png'),
      named('side.png'),
      named('back.png'),
    ]);

    // Each photo shows its own upload; the one held back is still going.
    const progress = await screen.findByRole('progressbar', { name: 'Uploading photo 2' });
    expect(progress).toHaveAttribute('aria-valuenow');
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Uploading photo 1 (cover)' })).toBeNull(),
    );
    expect(order()).toEqual([
      'photo 1 (cover): front.png',
      'photo 2: side.png',
      'photo 3: back.png',
    ]);
    host.release();
    await waitFor(() =>
      expect(screen.queryByRole('progressbar', { name: 'Uploading photo 2' })).toBeNull(),
    );

    // The third becomes the cover by keyboard; focus follows it.
    await user.click(screen.getByRole('button', { name: 'Move left: photo 3' }));
    const moved = screen.getByRole('button', { name: 'Move left: photo 2' });
    expect(moved).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(order()).toEqual([
      'photo 1 (cover): back.png',
      'photo 2: front.png',
      'photo 3: side.png',
    ]);
    // At the start, 'Move left' is disabled and focus moves to 'Move right'.
    expect(screen.getByRole('button', { name: 'Move left: photo 1 (cover)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move right: photo 1 (cover)' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    expect(order()).toEqual(['photo 1 (cover): back.png', 'photo 2: front.png']);

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Product added succesfull')).toBeInTheDocument();
    expect(host.uploads()).toBe(3);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      carPhoto: '/image-host/i/upload-3.png',
      photos: ['/image-host/i/upload-3.png', '/image-host/i/upload-1.png'],
    });
  });

  it('retries a failed photo, and posts with the photos that uploaded', async () => {
    sellerApi();
    // front.png is stored, bad.png and broken.png refused; bad.png's retry is stored.
    const host = imageHost(['ok', 'fail', 'fail', 'ok']);
    const posted = postedBodies();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillFields(user);
    await user.upload(screen.getByLabelText('Product photo'), [
      named('front.png'),
      named('bad.png'),
      named('broken.png'),
    ]);
    const failed = await screen.findAllByText('Upload failed: image: not an image');
    expect(failed).toHaveLength(2);

    // Retry sends the second again, and it is stored.
    await user.click(screen.getByRole('button', { name: 'Retry photo 2' }));
    await waitFor(() => expect(screen.getAllByText(/^Upload failed/)).toHaveLength(1));
    expect(
      screen.getByText(/A photo that failed is left out unless you retry/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Product added succesfull')).toBeInTheDocument();
    expect(host.uploads()).toBe(4);
    expect(posted[0]).toMatchObject({
      carPhoto: '/image-host/i/upload-1.png',
      photos: ['/image-host/i/upload-1.png', '/image-host/i/upload-4.png'],
    });
  });

  it('reorders by dragging a photo onto another place', async () => {
    sellerApi();
    imageHost();
    renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await user.upload(screen.getByLabelText('Product photo'), [
      named('front.png'),
      named('side.png'),
      named('back.png'),
    ]);
    const items = within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem');
    const dataTransfer = { setData: () => undefined, effectAllowed: 'none' };
    fireEvent.dragStart(items[2], { dataTransfer });
    fireEvent.dragOver(items[0], { dataTransfer });
    fireEvent.drop(items[0], { dataTransfer });
    fireEvent.dragEnd(items[2], { dataTransfer });
    expect(order()).toEqual([
      'photo 1 (cover): back.png',
      'photo 2: front.png',
      'photo 3: side.png',
    ]);
  });

  it('refuses more than ten photos and files that are not pictures', async () => {
    sellerApi();
    imageHost();
    renderAsSeller();
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByLabelText('Product name');
    await user.upload(screen.getByLabelText('Product photo'), [
      ...Array.from({ length: 11 }, (_, i) => named(`car-${i + 1}.png`)),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(await screen.findByText('car-11.png: a car has at most 10 photos')).toBeInTheDocument();
    expect(
      screen.getByText('notes.txt: choose a JPEG, PNG, WebP or GIF image'),
    ).toBeInTheDocument();
    expect(order()).toHaveLength(10);
    expect(screen.getByLabelText('Product photo')).toBeDisabled();
  });
});
