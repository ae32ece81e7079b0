import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { heldAnswer } from '../../testing/requests';
import { API, server } from '../../testing/server';

const advertised = [
  makeProduct({
    _id: 'ad-1',
    carName: 'Tesla Model 3 Long Range',
    categoryName: 'Tesla',
    condition: 'Excellent',
    resalePrice: 38500,
    sellerName: 'Sam Seller',
    sellerPhoto: '/images/avatar.svg',
    advertisement: 'true',
  }),
  makeProduct({
    _id: 'ad-2',
    carName: 'Lamborghini Huracán EVO',
    carPhoto: '/images/cars/car-10.svg',
    categoryName: 'Lamborghini',
    condition: 'Good',
    resalePrice: 1250000,
    sellerName: 'Nora Northside',
    advertisement: 'true',
  }),
];

describe('Home page: Advertisement section', () => {
  it('is hidden when nothing is advertised', async () => {
    renderApp('/');
    await screen.findByRole('link', { name: 'Buy Now: Tesla' });
    expect(screen.queryByRole('heading', { name: 'Advertised cars' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Advertised cars' })).not.toBeInTheDocument();
  });

  it('shows a spinner, then a card per advertised car with every field', async () => {
    const answer = heldAnswer();
    server.use(
      http.get(`${API}/advertisment`, async () => {
        await answer.held;
        return HttpResponse.json(advertised);
      }),
    );
    renderApp('/');
    expect(
      await screen.findByRole('status', { name: 'Loading the advertised cars' }),
    ).toBeInTheDocument();
    answer.release();
    const section = await screen.findByRole('region', { name: 'Advertised cars' });
    const card = within(
      await within(section).findByRole('article', { name: 'Tesla Model 3 Long Range' }),
    );
    expect(card.getByRole('img', { name: 'Tesla Model 3 Long Range' })).toHaveAttribute(
      'src',
      '/images/cars/car-01.svg',
    );
    expect(card.getByRole('img', { name: 'Sam Seller' })).toHaveAttribute(
      'src',
      '/images/avatar.svg',
    );
    expect(card.getByText('Sam Seller')).toBeInTheDocument();
    expect(card.getByText('Condition: Excellent')).toBeInTheDocument();
    expect(card.getByText('Category: Tesla')).toBeInTheDocument();
    expect(card.getByLabelText('Price $38,500')).toBeInTheDocument();
    // The seed's call to action led nowhere; ours opens the car's category.
    expect(card.getByRole('link', { name: /See Tesla cars/ })).toHaveAttribute(
      'href',
      '/category-products/Tesla',
    );

    const other = within(within(section).getByRole('article', { name: 'Lamborghini Huracán EVO' }));
    expect(other.getByLabelText('Price $1,250,000')).toBeInTheDocument();
    expect(other.getByText('Condition: Good')).toBeInTheDocument();
    expect(other.getByRole('link', { name: /See Lamborghini cars/ })).toHaveAttribute(
      'href',
      '/category-products/Lamborghini',
    );
  });

  it('declares the true widths of an uploaded photo’s copies (a 56 px photo: no 160w or 640w)', async () => {
    const small = '/image-host/i/' + 'a'.repeat(64);
    const large = '/image-host/i/' + 'b'.repeat(64);
    server.use(
      http.get(`${API}/advertisment`, () =>
        HttpResponse.json([
          makeProduct({
            _id: 'ad-small',
            carName: 'A tiny photo',
            carPhoto: `${small}.png`,
            // As the server answers a 56×12 upload: both copies are 56 px wide.
            carPhotoCopies: [
              { url: `${small}-160.webp`, width: 56, height: 12 },
              { url: `${small}-640.webp`, width: 56, height: 12 },
            ],
            advertisement: 'true',
          }),
          makeProduct({
            _id: 'ad-large',
            carName: 'A large photo',
            carPhoto: `${large}.jpg`,
            carPhotoCopies: [
              { url: `${large}-160.webp`, width: 160, height: 100 },
              { url: `${large}-640.webp`, width: 640, height: 400 },
            ],
            advertisement: 'true',
          }),
        ]),
      ),
    );
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Advertised cars' });
    const tiny = await within(section).findByRole('img', { name: 'A tiny photo' });
    expect(tiny).toHaveAttribute('src', `${small}-160.webp`);
    // One copy is no smaller than the other: no srcset, so no width the photo does not have.
    expect(tiny).not.toHaveAttribute('srcset');

    const wide = within(section).getByRole('img', { name: 'A large photo' });
    expect(wide).toHaveAttribute('src', `${large}-640.webp`);
    expect(wide).toHaveAttribute('srcset', `${large}-160.webp 160w, ${large}-640.webp 640w`);
    expect(wide).toHaveAttribute('sizes', expect.stringMatching(/100vw/));
  });

  it('says so, with a retry, when the advertised cars cannot be loaded', async () => {
    server.use(
      http.get(`${API}/advertisment`, () =>
        HttpResponse.json({ message: 'No such call' }, { status: 404 }),
      ),
    );
    renderApp('/');
    expect(await screen.findByText(/We could not load the advertised cars/)).toBeInTheDocument();
    server.use(http.get(`${API}/advertisment`, () => HttpResponse.json(advertised)));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('article', { name: 'Lamborghini Huracán EVO' }),
    ).toBeInTheDocument();
  });
});
