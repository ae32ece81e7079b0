/**
 * Searching near a ZIP code on /cars: 'Near (ZIP code)' and 'Distance' in the address and the
 * request, 'Nearest first' offered with a ZIP, each card's distance, a wrong ZIP refused beside
 * the field, and the ZIP remembered in the browser for a visit whose address has none.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { SearchFacets, SearchProduct } from '../../lib/api/search';
import { makeCar } from '../../testing/car';
import { makeProduct } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { recordRequests } from '../../testing/requests';
import { API, server } from '../../testing/server';
import { makeStore } from '../../app/store';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';
import { NEAR_ZIP_KEY } from './rememberedZip';

/** A car for sale and how far it is from 78701 (null: it has no place). */
function car(id: string, carName: string, miles: number | null, listed: number): SearchProduct {
  const product = makeProduct({ _id: id, carName });
  return {
    ...product,
    photos: [product.carPhoto],
    fairPrice: null,
    listedAt: new Date(Date.UTC(2026, 0, listed)).toISOString(),
    priceDrop: null,
    sellerType: 'private',
    distanceMiles: miles,
  };
}

const downtown = car('car-1', 'Austin Civic', 0.4, 1);
const roundRock = car('car-2', 'Round Rock Camry', 17.6, 3);
const dallas = car('car-3', 'Dallas F-150', 182.3, 2);
const abroad = car('car-4', 'Maranello Ferrari', null, 4);
const CARS = [downtown, roundRock, dallas, abroad];

/**
 * GET /api/products, its facets and GET /api/places as the server answers them: with a ZIP each
 * car carries its distance, a radius keeps the cars within it, 'distance' sorts nearest first.
 */
function answerNear() {
  const matching = (url: URL) => {
    const zip = url.searchParams.get('zip');
    const radius = url.searchParams.get('radius');
    return CARS.filter(
      (c) => !radius || (c.distanceMiles != null && c.distanceMiles <= Number(radius)),
    ).map((c) => (zip ? c : { ...c, distanceMiles: undefined }));
  };
  server.use(
    http.get(`${API}/places/:zip`, ({ params }) =>
      params.zip === '78701'
        ? HttpResponse.json({
            zip: '78701',
            place: 'Austin, TX',
            latitude: 30.27,
            longitude: -97.74,
          })
        : HttpResponse.json({ message: 'zip: no such US ZIP code' }, { status: 404 }),
    ),
    http.get(`${API}/products/facets`, ({ request }) => {
      const zip = new URL(request.url).searchParams.get('zip');
      const within = (r: number) => CARS.filter((c) => (c.distanceMiles ?? Infinity) <= r).length;
      const facets: SearchFacets = {
        category: {},
        condition: {},
        sellerType: {},
        price: null,
        years: null,
        model: {},
        fuel: {},
        transmission: {},
        bodyStyle: {},
        modelYear: null,
        mileage: null,
        countsExact: true,
        ignoredWords: [],
        ...(zip
          ? {
              distanceBands: Object.fromEntries(
                [10, 25, 50, 100, 200, 500].map((r) => [r, within(r)]),
              ),
            }
          : {}),
      };
      return HttpResponse.json(facets);
    }),
    http.get(`${API}/products`, ({ request }) => {
      const url = new URL(request.url);
      const list = matching(url);
      if (url.searchParams.get('sort') === 'distance') {
        list.sort((a, b) => (a.distanceMiles ?? Infinity) - (b.distanceMiles ?? Infinity));
      } else {
        list.sort((a, b) => b.listedAt.localeCompare(a.listedAt));
      }
      return HttpResponse.json(list, {
        headers: { 'X-Total-Count': String(list.length), 'X-Next-Cursor': '' },
      });
    }),
  );
}

const searches = (sent: string[]) => sent.filter((r) => r.startsWith('GET /api/products?'));
const names = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const sortNames = () =>
  within(screen.getByRole('combobox', { name: 'Sort by' }))
    .getAllByRole('option')
    .map((option) => option.textContent);

jest.setTimeout(20000);

beforeEach(() => localStorage.clear());

describe('Cars near a ZIP code (/cars)', () => {
  it('puts the ZIP and the distance in the address and the request, and says how far each car is', async () => {
    answerNear();
    const user = userEvent.setup();
    const { router } = renderApp('/cars');
    await screen.findByText('4 cars');
    expect(sortNames()).not.toContain('Nearest first');
    // Without a ZIP, no card says a distance.
    await screen.findByRole('article', { name: 'Austin Civic' });
    expect(screen.queryByText(/mi away/)).toBeNull();
    const requests = recordRequests();

    await user.type(screen.getByRole('textbox', { name: 'Near (ZIP code)' }), '78701{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?zip=78701'));
    expect(await screen.findByText('Near Austin, TX')).toBeInTheDocument();
    const civic = within(await screen.findByRole('article', { name: 'Austin Civic' }));
    expect(await civic.findByText('0.4 mi away')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Dallas F-150' })).getByText('182 mi away'),
    ).toBeInTheDocument();
    // A car without a place says no distance.
    expect(
      within(screen.getByRole('article', { name: 'Maranello Ferrari' })).queryByText(/mi away/),
    ).toBeNull();
    expect(sortNames()).toContain('Nearest first');

    // The radii, with how many cars each holds.
    const distance = screen.getByRole('combobox', { name: 'Distance' });
    await waitFor(() =>
      expect(
        within(distance)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Any distance',
        '10 miles (1)',
        '25 miles (2)',
        '50 miles (2)',
        '100 miles (2)',
        '200 miles (3)',
        '500 miles (3)',
      ]),
    );
    await user.selectOptions(distance, '25');
    await waitFor(() => expect(router.state.location.search).toBe('?zip=78701&radius=25'));
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    expect(names()).toEqual(['Round Rock Camry', 'Austin Civic']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'distance');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?zip=78701&radius=25&sort=distance'),
    );
    await waitFor(() => expect(names()).toEqual(['Austin Civic', 'Round Rock Camry']));
    expect(searches(requests.sent).at(-1)).toBe(
      'GET /api/products?zip=78701&radius=25&sort=distance&limit=24',
    );
    expect(requests.sent).toContain('GET /api/products/facets?zip=78701&radius=25');
    requests.stop();
    expect(localStorage.getItem(NEAR_ZIP_KEY)).toBe('78701');

    // Cleared: near nowhere, so no radius and no 'Nearest first'; the browser remembers that.
    await user.clear(screen.getByRole('textbox', { name: 'Near (ZIP code)' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('4 cars')).toBeInTheDocument();
    expect(sortNames()).not.toContain('Nearest first');
    expect(localStorage.getItem(NEAR_ZIP_KEY)).toBe('');
  });

  it('says a ZIP that is not five digits is wrong, beside the field, and does not send it', async () => {
    answerNear();
    const user = userEvent.setup();
    const { router } = renderApp('/cars?zip=78701');
    await screen.findByText('Near Austin, TX');
    const requests = recordRequests();
    const zip = screen.getByRole('textbox', { name: 'Near (ZIP code)' });
    await user.clear(zip);
    await user.type(zip, '787{Enter}');
    expect(await screen.findByText('Enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription('Enter a 5-digit ZIP code');
    await user.tab();
    // The search stays near the ZIP it had.
    expect(router.state.location.search).toBe('?zip=78701');
    expect(searches(requests.sent).filter((r) => r.includes('zip=787&'))).toEqual([]);
    requests.stop();
  });

  it("says 'No such US ZIP code' for five digits that name no place", async () => {
    answerNear();
    renderApp('/cars?zip=00000');
    expect(await screen.findByText('No such US ZIP code')).toBeInTheDocument();
  });

  it('opens a shared address with its ZIP, distance and sort in the fields', async () => {
    answerNear();
    renderApp('/cars?zip=78701&radius=200&sort=distance');
    expect(await screen.findByText('3 cars')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Near (ZIP code)' })).toHaveValue('78701');
    expect(screen.getByRole('combobox', { name: 'Distance' })).toHaveValue('200');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('distance');
    await waitFor(() =>
      expect(names()).toEqual(['Austin Civic', 'Round Rock Camry', 'Dallas F-150']),
    );
  });

  it('searches near the remembered ZIP when the address has none; a radius without a ZIP is not sent', async () => {
    answerNear();
    localStorage.setItem(NEAR_ZIP_KEY, '78701');
    const requests = recordRequests();
    const { router } = renderApp('/cars?radius=25');
    await waitFor(() => expect(router.state.location.search).toBe('?radius=25&zip=78701'));
    expect(await screen.findByText('2 cars')).toBeInTheDocument();
    expect(
      searches(requests.sent).filter((r) => r.includes('radius=') && !r.includes('zip=78701')),
    ).toEqual([]);
    requests.stop();
  });

  it("starts near a signed-in user's profile ZIP when neither the address nor the browser names one", async () => {
    answerNear();
    server.use(
      ...roleHandlers('buyer'),
      http.get(`${API}/me`, () =>
        HttpResponse.json({
          _id: 'user-sam',
          name: 'Sam Buyer',
          email: 'sam@example.com',
          userRole: 'Buyer',
          userImg: '',
          userVerify: 'false',
          phone: null,
          zip: '78701',
          place: 'Austin, TX',
        }),
      ),
    );
    const signedIn = () => makeStore({ preloadedState: signedInState(makeSessionUser()) });
    const first = renderApp('/cars', { store: signedIn() });
    await waitFor(() => expect(first.router.state.location.search).toBe('?zip=78701'));
    expect(await screen.findByText('Near Austin, TX')).toBeInTheDocument();
    first.unmount();

    // The address wins, then what the browser remembers (a cleared ZIP too), then the profile.
    const shared = renderApp('/cars?zip=75201', { store: signedIn() });
    await screen.findByRole('textbox', { name: 'Near (ZIP code)' });
    expect(shared.router.state.location.search).toBe('?zip=75201');
    shared.unmount();
    localStorage.setItem(NEAR_ZIP_KEY, '');
    const cleared = renderApp('/cars', { store: signedIn() });
    expect(await screen.findByText('4 cars')).toBeInTheDocument();
    expect(cleared.router.state.location.search).toBe('');
  });

  it("carries a card's distance to the car's page; opened on its own, the page names the car's place", async () => {
    // Before the search's handlers, which answer /products/facets first.
    server.use(
      http.get(`${API}/products/:id`, () =>
        HttpResponse.json(
          makeCar({ _id: 'car-1', carName: 'Austin Civic', zip: '78701', place: 'Austin, TX' }),
        ),
      ),
    );
    answerNear();
    const user = userEvent.setup();
    const { router } = renderApp('/cars?zip=78701');
    const card = await screen.findByRole('article', { name: 'Austin Civic' });
    await within(card).findByText('0.4 mi away');
    await user.click(within(card).getByRole('link', { name: 'Austin Civic' }));
    await screen.findByRole('heading', { level: 1, name: 'Austin Civic' });
    const fact = (label: string) => screen.queryByText(label)?.nextElementSibling?.textContent;
    expect(fact('Distance')).toBe('0.4 mi away (Austin, TX)');

    await act(() => router.navigate('/cars/car-1'));
    await waitFor(() => expect(fact('Place')).toBe('Austin, TX'));
    expect(screen.queryByText('Distance')).toBeNull();
  });
  it("says '5,000+' for a band holding more cars than the server counted", async () => {
    answerNear();
    server.use(
      http.get(`${API}/products/facets`, () =>
        HttpResponse.json({
          category: {},
          condition: {},
          sellerType: {},
          price: null,
          years: null,
          model: {},
          fuel: {},
          transmission: {},
          bodyStyle: {},
          modelYear: null,
          mileage: null,
          countsExact: false,
          ignoredWords: [],
          distanceBands: { 10: 1204, 25: 3310, 50: 4871, 100: 5000, 200: 5000, 500: 5000 },
          distanceBandsAtLeast: ['100', '200', '500'],
        } satisfies SearchFacets),
      ),
    );
    renderApp('/cars?zip=78701');
    const distance = await screen.findByRole('combobox', { name: 'Distance' });
    await waitFor(() =>
      expect(
        within(distance)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Any distance',
        '10 miles (1,204)',
        '25 miles (3,310)',
        '50 miles (4,871)',
        '100 miles (5,000+)',
        '200 miles (5,000+)',
        '500 miles (5,000+)',
      ]),
    );
  });
});
