/**
 * The Add product page: the original fields and their checks, posting after the photo's upload,
 * a failed upload or a refused post, and the page being for sellers only.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Product } from '../../lib/api';
import type { AddProductApiArg } from '../../lib/api/seller';
import { makeCategory, makeProduct } from '../../testing/data';
import { API, server } from '../../testing/server';
import { enter, fillForm, renderAsSeller, seller, sellerApi, UPLOAD } from './addProductTestSetup';

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

  it("says 'Pending review' when the server holds a new account's car for approval", async () => {
    sellerApi([]);
    server.use(
      http.post(UPLOAD, () =>
        HttpResponse.json({ success: true, data: { display_url: '/image-host/i/abc.png' } }),
      ),
      http.post(`${API}/category`, () =>
        HttpResponse.json(
          {
            acknowledged: true,
            insertedId: 'held-1',
            moderation: { state: 'pending', reason: '', reviewAsked: false },
          },
          { status: 201 },
        ),
      ),
    );
    const { router } = renderAsSeller();
    const user = userEvent.setup();
    await screen.findByLabelText('Product name');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(/^Pending review/)).toBeInTheDocument();
    expect(screen.queryByText('Product added succesfull')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboad/my-products'));
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
