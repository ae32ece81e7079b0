import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { SavedSearch } from '../../lib/api/savedSearches';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

const bmw: SavedSearch = {
  _id: 's1',
  name: 'BMW · under $60,000 · 2018+',
  query: 'category=BMW&maxPrice=60000&minModelYear=2018',
  summary: 'BMW · under $60,000 · 2018+',
  newMatches: 2,
  notify: 'daily',
  createdAt: '2026-11-21T10:00:00.000Z',
  openedAt: '2026-11-21T10:00:00.000Z',
};
const all: SavedSearch = {
  ...bmw,
  _id: 's2',
  name: 'Anything',
  query: '',
  summary: 'All cars',
  newMatches: 0,
};

describe('Saved searches page', () => {
  let searches: SavedSearch[];
  let calls: string[];
  beforeEach(() => {
    searches = [bmw, all];
    calls = [];
    server.use(
      ...roleHandlers('buyer'),
      http.get(`${API}/saved-searches`, () => HttpResponse.json(searches)),
      http.patch(`${API}/saved-searches/:id`, async ({ params, request }) => {
        const body = (await request.json()) as {
          name?: string;
          opened?: true;
          notify?: SavedSearch['notify'];
        };
        calls.push(`PATCH ${String(params.id)} ${JSON.stringify(body)}`);
        searches = searches.map((s) =>
          s._id === params.id
            ? {
                ...s,
                ...(body.name ? { name: body.name } : {}),
                ...(body.opened ? { newMatches: 0 } : {}),
                ...(body.notify ? { notify: body.notify } : {}),
              }
            : s,
        );
        return HttpResponse.json(searches.find((s) => s._id === params.id));
      }),
      http.delete(`${API}/saved-searches/:id`, ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        searches = searches.filter((s) => s._id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`${API}/products/facets`, () => HttpResponse.json({})),
      http.get(`${API}/products`, () =>
        HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }),
      ),
    );
  });
  const open = () =>
    renderApp('/dashboad/saved-searches', {
      store: makeStore({ preloadedState: signedInState(makeSessionUser()) }),
    });

  it('lists each search with its name, summary and new cars; the menu links to it', async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Saved searches', level: 1 })).toBeVisible();
    const items = await screen.findAllByRole('listitem', { name: /BMW|Anything/ });
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('2 new')).toBeInTheDocument();
    expect(within(items[1]).getByText('0 new')).toBeInTheDocument();
    expect(within(items[1]).getByText('All cars')).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0];
    expect(within(menu).getByRole('link', { name: 'Saved searches' })).toHaveAttribute(
      'href',
      '/dashboad/saved-searches',
    );
  });

  it('opens a search on /cars and marks it opened', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('link', { name: `Open ${bmw.name}` }));
    expect(await screen.findByRole('heading', { name: 'Find the right car' })).toBeVisible();
    await waitFor(() => expect(calls).toEqual(['PATCH s1 {"opened":true}']));
  });

  it('renames a search', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: `Rename ${bmw.name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'Weekend car');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('heading', { name: 'Weekend car' })).toBeInTheDocument();
    expect(calls).toEqual(['PATCH s1 {"name":"Weekend car"}']);
  });

  it('deletes a search once confirmed, and says when none is left', async () => {
    searches = [bmw];
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: `Delete ${bmw.name}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this saved search?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: `Delete ${bmw.name}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this saved search?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    expect(await screen.findByText('No saved searches yet')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE s1']);
  });

  it("changes how a search's new cars are e-mailed", async () => {
    const user = userEvent.setup();
    open();
    const [first] = await screen.findAllByRole('listitem', { name: /BMW/ });
    const told = within(first).getByRole('radiogroup', { name: 'How to be told' });
    expect(within(told).getByRole('radio', { name: 'Daily' })).toBeChecked();
    await user.click(within(told).getByRole('radio', { name: 'Never' }));
    expect(within(told).getByRole('radio', { name: 'Never' })).toBeChecked();
    await waitFor(() => expect(calls).toEqual(['PATCH s1 {"notify":"never"}']));
    // The list as the server has it says the same.
    await waitFor(() => expect(searches[0].notify).toBe('never'));
    expect(within(told).getByRole('radio', { name: 'Never' })).toBeChecked();
  });

  it("turns the daily digest e-mail off and on (the account's alert settings)", async () => {
    let settings = { digest: true, savedCars: 'daily' };
    const put: unknown[] = [];
    server.use(
      http.get(`${API}/alert-settings`, () => HttpResponse.json(settings)),
      http.put(`${API}/alert-settings`, async ({ request }) => {
        settings = (await request.json()) as typeof settings;
        put.push(settings);
        return HttpResponse.json(settings);
      }),
    );
    const user = userEvent.setup();
    open();
    const digest = await screen.findByRole('switch', { name: 'Daily digest e-mail' });
    await waitFor(() => expect(digest).toBeChecked());
    await user.click(digest);
    await waitFor(() => expect(put).toEqual([{ digest: false, savedCars: 'daily' }]));
    expect(screen.getByRole('switch', { name: 'Daily digest e-mail' })).not.toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Daily digest e-mail' }));
    await waitFor(() => expect(put).toHaveLength(2));
    expect(put[1]).toEqual({ digest: true, savedCars: 'daily' });
  });
});
