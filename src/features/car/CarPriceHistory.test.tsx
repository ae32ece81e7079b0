import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { CarDetails } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { makeCar } from '../../testing/car';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function serve(car: CarDetails) {
  server.use(
    http.get(`${API}/products/:id`, () => HttpResponse.json(car)),
    // A sold car's page asks for similar cars.
    http.get(`${API}/products`, () => HttpResponse.json([])),
  );
}

const signedOut = () =>
  makeStore({
    preloadedState: {
      auth: { user: null, loading: false, tokenReady: false, attempt: null, account: 'unknown' },
    },
  });

async function openCar(car: CarDetails) {
  serve(car);
  const view = renderApp(`/cars/${car._id}`, { store: signedOut() });
  await screen.findByRole('heading', { level: 1, name: car.carName });
  return view;
}

describe("a car's price history and payment estimate", () => {
  it('says the latest drop and when it was listed, charts the prices, and estimates the payment', async () => {
    const listed = daysAgo(12);
    const dropped = daysAgo(3);
    await openCar(
      makeCar({
        resalePrice: 30000,
        listedAt: listed,
        priceHistory: [
          { price: 33000, at: listed },
          { price: 32000, at: daysAgo(8) },
          { price: 30000, at: dropped },
        ],
        priceDrop: { amount: 2000, at: dropped },
      }),
    );
    expect(screen.getByText(`Price dropped $2,000 on ${formatDay(dropped)}`)).toBeVisible();
    expect(screen.getByText(/Listed 12 days ago/)).toBeVisible();

    // The history and the estimate load after the page's first script.
    const history = await screen.findByRole('region', { name: 'Price history' });
    expect(
      await within(history).findByRole('img', {
        name:
          `Price over time: $33,000 from ${formatDay(listed)}, ` +
          `$32,000 from ${formatDay(daysAgo(8))}, $30,000 from ${formatDay(dropped)}`,
      }),
    ).toBeInTheDocument();

    const estimate = screen.getByRole('region', { name: 'Payment estimate' });
    expect(within(estimate).getByText('Estimate only')).toBeVisible();
    const price = within(estimate).getByLabelText('Price ($)');
    expect(price).toHaveValue('30000');
    const user = userEvent.setup();
    await user.clear(within(estimate).getByLabelText('Down payment ($)'));
    await user.type(within(estimate).getByLabelText('Down payment ($)'), '5000');
    expect(within(estimate).getByRole('status')).toHaveTextContent('$493.86/month');
    await user.clear(price);
    await user.type(price, '30k');
    expect(within(estimate).getByText('Enter the price in dollars, more than 0')).toBeVisible();
    expect(within(estimate).getByRole('status')).not.toHaveTextContent('/month');
  });

  it("says nothing of a drop for a price never changed or raised since, and 'Listed today'", async () => {
    const { unmount } = await openCar(makeCar({ listedAt: new Date().toISOString() }));
    expect(screen.getByText('Listed today')).toBeVisible();
    expect(screen.queryByText(/Price dropped/)).not.toBeInTheDocument();
    expect(
      await screen.findByText('The price has not changed since the car was listed.'),
    ).toBeInTheDocument();
    unmount();

    const listed = daysAgo(1);
    await openCar(
      makeCar({
        listedAt: listed,
        priceHistory: [
          { price: 60000, at: listed },
          { price: 58000, at: daysAgo(0.5) },
          { price: 61800, at: new Date().toISOString() },
        ],
      }),
    );
    expect(screen.getByText('Listed yesterday')).toBeVisible();
    expect(screen.queryByText(/Price dropped/)).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /^Price over time: \$60,000/ })).toBeVisible();
  });

  it("leads the footer's 'Check your rate' to the car's estimate, and a sold car's to /financing", async () => {
    const { router, unmount } = await openCar(makeCar());
    const user = userEvent.setup();
    const estimate = await screen.findByRole('region', { name: 'Payment estimate' });
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Check your rate' }));
    await waitFor(() => expect(estimate).toHaveFocus());
    expect(router.state.location.pathname).toBe('/cars/car-1');
    unmount();

    const sold = await openCar(makeCar({ sold: true, fairPrice: null }));
    await screen.findByRole('region', { name: 'Price history' });
    expect(screen.queryByRole('region', { name: 'Payment estimate' })).not.toBeInTheDocument();
    await user.click(
      within(await screen.findByRole('contentinfo')).getByRole('link', { name: 'Check your rate' }),
    );
    await waitFor(() => expect(sold.router.state.location.pathname).toBe('/financing'));
  });
});
