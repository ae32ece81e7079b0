import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { SavedSearch } from '../../lib/api/savedSearches';
import { makeEmptyFacets } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const SEARCH = '/cars?category=BMW&maxPrice=60000&minModelYear=2018&sort=price_asc';
const facets = makeEmptyFacets();

const saved = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  _id: 's1',
  name: 'BMW · under $60,000 · 2018+',
  query: 'category=BMW&maxPrice=60000&minModelYear=2018',
  summary: 'BMW · under $60,000 · 2018+',
  newMatches: 0,
  notify: 'daily',
  createdAt: '2026-11-20T10:00:00.000Z',
  openedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe("/cars' 'Save this search'", () => {
  let posted: unknown[];
  beforeEach(() => {
    posted = [];
    server.use(
      http.get(`${API}/products/facets`, () => HttpResponse.json(facets)),
      http.get(`${API}/products`, () =>
        HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }),
      ),
      http.post(`${API}/saved-searches`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(saved(), { status: 201 });
      }),
    );
  });

  const signedInAs = (role: 'buyer' | 'seller' | 'admin') => {
    server.use(...roleHandlers(role));
    return makeStore({ preloadedState: signedInState(makeSessionUser()) });
  };

  it('saves the filters (not the sort) with the summary as the name to start with', async () => {
    const user = userEvent.setup();
    renderApp(SEARCH, { store: signedInAs('buyer') });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('BMW · under $60,000 · 2018+');
    const told = within(dialog).getByRole('radiogroup', { name: 'How to be told' });
    expect(within(told).getByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          name: 'BMW · under $60,000 · 2018+',
          query: 'category=BMW&maxPrice=60000&minModelYear=2018',
          notify: 'daily',
        },
      ]),
    );
    expect(await screen.findByText('Search saved: find it in Saved searches')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("saves how to be told: 'At once', 'Daily' or 'Never'", async () => {
    const user = userEvent.setup();
    renderApp(SEARCH, { store: signedInAs('seller') });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const told = within(dialog).getByRole('radiogroup', { name: 'How to be told' });
    expect(
      within(told)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['At once', 'Daily', 'Never']);
    await user.click(within(told).getByRole('radio', { name: 'At once' }));
    expect(within(told).getByRole('radio', { name: 'At once' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toMatchObject([{ notify: 'instant' }]));
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    server.use(
      http.post(`${API}/saved-searches`, () =>
        HttpResponse.json({ message: 'You already saved this search' }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderApp(SEARCH, { store: signedInAs('seller') });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Field is required')).toBeInTheDocument();
    await user.type(name, 'My BMWs');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You already saved this search',
    );
  });

  it('sends a signed-out visitor to /login first', async () => {
    const user = userEvent.setup();
    renderApp(SEARCH, {
      store: makeStore({ preloadedState: { auth: { ...signedInState().auth, user: null } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('offers admins no button', async () => {
    renderApp(SEARCH, { store: signedInAs('admin') });
    expect(await screen.findByText('0 cars')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull(),
    );
  });
});
