import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../testing/server';
import { renderApp } from '../../testing/render';

describe('Home page', () => {
  it('has the spec title and its static sections', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Need some new Wheels' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('car dealer home'));
    expect(screen.getByText('Buy & sell your car')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /logo$/ })).toHaveLength(5);
    const stats = screen.getByRole('region', { name: 'Statistics' });
    expect(within(stats).getByText('531')).toBeInTheDocument();
    expect(within(stats).getByText('789')).toBeInTheDocument();
    expect(within(stats).getByText('856')).toBeInTheDocument();
    expect(within(stats).getByText('356')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Feature Cars' })).toBeInTheDocument();
  });

  it('is also served at /home', async () => {
    renderApp('/home');
    expect(
      await screen.findByRole('heading', { name: 'Need some new Wheels' }),
    ).toBeInTheDocument();
  });

  it('shows a spinner, then one card per category with a Buy Now link', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('status', { name: 'Loading the categories' }),
    ).toBeInTheDocument();
    const tesla = await screen.findByRole('link', { name: 'Buy Now: Tesla' });
    expect(tesla).toHaveAttribute('href', '/category-products/Tesla');
    for (const name of ['Ferrari', 'BMW', 'Lamborghini']) {
      expect(screen.getByRole('link', { name: `Buy Now: ${name}` })).toHaveAttribute(
        'href',
        `/category-products/${name}`,
      );
      expect(screen.getByRole('img', { name: `${name} cars` })).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Rating 4.6 out of 5')).toBeInTheDocument();
    expect(
      screen.queryByRole('status', { name: 'Loading the categories' }),
    ).not.toBeInTheDocument();
  });

  it('shows the first four categories in the order the server gives, however many there are', async () => {
    const make = (categoryName: string) => ({
      _id: categoryName.toLowerCase(),
      categoryName,
      image: `/images/categories/${categoryName.toLowerCase()}.svg`,
      rating: 4.5,
    });
    server.use(
      http.get(`${API}/categories`, () =>
        HttpResponse.json(['Porsche', 'Tesla', 'Ferrari', 'BMW', 'Lamborghini'].map(make)),
      ),
    );
    renderApp('/');
    await screen.findByRole('link', { name: 'Buy Now: Porsche' });
    expect(
      screen.getAllByRole('link', { name: /^Buy Now: / }).map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Buy Now: Porsche', 'Buy Now: Tesla', 'Buy Now: Ferrari', 'Buy Now: BMW']);
  });

  it('says so, with a retry, when the categories cannot be loaded', async () => {
    let calls = 0;
    server.use(
      http.get(`${API}/categories`, () => {
        calls += 1;
        return HttpResponse.json({ message: 'No such call' }, { status: 404 });
      }),
    );
    renderApp('/');
    expect(await screen.findByText(/We could not load the categories/)).toBeInTheDocument();
    expect(calls).toBe(1); // a 4xx is never retried
    server.resetHandlers();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('link', { name: 'Buy Now: BMW' })).toBeInTheDocument();
  });
});
