import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { User } from '../../lib/api';
import type { SessionUser } from '../../lib/auth/sessionUser';
import { makeUser } from '../../testing/data';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';

const admin: SessionUser = {
  uid: 'uid-ada',
  displayName: 'Ada Admin',
  photoURL: null,
  email: 'admin@example.com',
  emailVerified: false,
  phoneNumber: null,
  isAnonymous: false,
  tenantId: null,
  providerData: [],
  metadata: { creationTime: null, lastSignInTime: null },
};

/**
 * A signed-in admin; the lists are answered from the arrays given (mutations change them),
 * whole (a list left out is answered by the test's own handler).
 */
function renderAsAdmin(
  path: string,
  lists: { buyers?: User[]; sellers?: User[] },
  role: 'admin' | 'seller' = 'admin',
) {
  server.use(
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: role === 'admin' })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ seller: role === 'seller' })),
    http.get(`${API}/users/buyer/:email`, () => HttpResponse.json({ buyer: false })),
  );
  if (lists.buyers) server.use(http.get(`${API}/users/buyers`, () => answer(lists.buyers)));
  if (lists.sellers) server.use(http.get(`${API}/users/sellers`, () => answer(lists.sellers)));
  const store = makeStore({
    preloadedState: {
      auth: { user: admin, loading: false, tokenReady: true, attempt: null, account: 'complete' },
    },
  });
  return renderApp(path, { store });
}

/** The whole list, with its X-Total-Count (the server's paging; these lists fit one page). */
function answer(users: User[] = []) {
  return HttpResponse.json(users, { headers: { 'X-Total-Count': String(users.length) } });
}

// The first visit loads the grid's code (large), so the first heading may take a while.
jest.setTimeout(20_000);
const findHeading = (name: string) => screen.findByRole('heading', { name }, { timeout: 10_000 });
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const columnNames = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim());

describe('All buyers', () => {
  it("shows 'All Buyers' on a grid with Image, Name, Email and Action", async () => {
    renderAsAdmin('/dashboad/all-buyers', {
      buyers: [
        makeUser({ _id: 'b1', name: 'Bea Buyer', email: 'bea@example.com' }),
        makeUser({ _id: 'b2', name: 'Bob Buyer', email: 'bob@example.com' }),
      ],
    });
    expect(await findHeading('All Buyers')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'All Buyers' })).toBeInTheDocument();
    expect(columnNames()).toEqual(['Image', 'Name', 'Email', 'Action']);
    const bea = within(rowOf('Bea Buyer'));
    expect(bea.getByText('bea@example.com')).toBeInTheDocument();
    expect(bea.getByRole('img', { name: 'Bea Buyer' })).toBeInTheDocument();
    expect(bea.getByRole('button', { name: 'Delete Bea Buyer' })).toBeEnabled();
    expect(rowOf('Bob Buyer')).toBeInTheDocument();
  });

  it("says 'No buyers found' when there are none", async () => {
    renderAsAdmin('/dashboad/all-buyers', { buyers: [] });
    expect(await findHeading('No buyers found')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('deletes a buyer after confirmation, at once, with the spec toast', async () => {
    const buyers = [
      makeUser({ _id: 'b1', name: 'Bea Buyer' }),
      makeUser({ _id: 'b2', name: 'Bob Buyer' }),
    ];
    let deleted: string | undefined;
    server.use(
      http.delete(`${API}/user/:id`, async ({ params }) => {
        deleted = params.id as string;
        await delay(100);
        buyers.splice(0, 1);
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    renderAsAdmin('/dashboad/all-buyers', { buyers });
    const user = userEvent.setup();
    await findHeading('All Buyers');
    await user.click(within(rowOf('Bea Buyer')).getByRole('button', { name: 'Delete Bea Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bea Buyer?' });
    expect(screen.queryByText('Buyer deleted succesfull')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Bea Buyer/, hidden: true })).toBeNull(),
    );
    expect(await screen.findByText('Buyer deleted succesfull')).toBeInTheDocument();
    expect(deleted).toBe('b1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowOf('Bob Buyer')).toBeInTheDocument();
  });

  it('keeps the buyer and says why when the delete is refused; no success toast', async () => {
    server.use(
      http.delete(`${API}/user/:id`, async () => {
        await delay(50);
        return HttpResponse.json({ message: 'id: no such user' }, { status: 404 });
      }),
    );
    renderAsAdmin('/dashboad/all-buyers', { buyers: [makeUser({ _id: 'b1', name: 'Bea Buyer' })] });
    const user = userEvent.setup();
    await findHeading('All Buyers');
    await user.click(screen.getByRole('button', { name: 'Delete Bea Buyer' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('Bea Buyer could not be deleted: id: no such user'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Bea Buyer/ })).toBeInTheDocument();
    expect(screen.queryByText('Buyer deleted succesfull')).not.toBeInTheDocument();
  });

  it('is for admins only', async () => {
    renderAsAdmin('/dashboad/all-buyers', {}, 'seller');
    expect(await screen.findByText(/This page is for admins only/)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });
});

describe('All sellers', () => {
  it("shows 'All Sellers' with Make verify, disabled 'verified' for a verified seller", async () => {
    renderAsAdmin('/dashboad/all-sellers', {
      sellers: [
        makeUser({ _id: 's1', name: 'Sam Seller', userRole: 'Seller', userVerify: 'false' }),
        makeUser({ _id: 's2', name: 'Nora North', userRole: 'Seller', userVerify: 'true' }),
      ],
    });
    expect(await findHeading('All Sellers')).toBeInTheDocument();
    expect(columnNames()).toEqual(['Image', 'Name', 'Email', 'Make verify', 'Action']);
    expect(
      within(rowOf('Sam Seller')).getByRole('button', { name: 'Make seller verify: Sam Seller' }),
    ).toBeEnabled();
    expect(within(rowOf('Nora North')).getByRole('button', { name: 'verified' })).toBeDisabled();
  });

  it("says 'No seller found' when there are none", async () => {
    renderAsAdmin('/dashboad/all-sellers', { sellers: [] });
    expect(await findHeading('No seller found')).toBeInTheDocument();
  });

  it("verifies a seller: 'verified' at once, then the spec toast", async () => {
    const sellers = [makeUser({ _id: 's1', name: 'Sam Seller', userRole: 'Seller' })];
    let answer: () => void = () => undefined;
    server.use(
      http.put(`${API}/users/verify/:id`, async ({ params }) => {
        expect(params.id).toBe('s1');
        await new Promise<void>((resolve) => (answer = resolve));
        sellers[0] = { ...sellers[0], userVerify: 'true' };
        return HttpResponse.json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }),
    );
    renderAsAdmin('/dashboad/all-sellers', { sellers });
    const user = userEvent.setup();
    await findHeading('All Sellers');
    await user.click(screen.getByRole('button', { name: 'Make seller verify: Sam Seller' }));
    expect(
      await within(rowOf('Sam Seller')).findByRole('button', { name: 'verified' }),
    ).toBeDisabled();
    expect(screen.queryByText('User verified success full')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('User verified success full')).toBeInTheDocument();
    expect(within(rowOf('Sam Seller')).getByRole('button', { name: 'verified' })).toBeDisabled();
  });

  it('rolls a refused verification back with the reason; no success toast', async () => {
    server.use(
      http.put(`${API}/users/verify/:id`, async () => {
        await delay(50);
        return HttpResponse.json({ message: 'id: only a seller can be verified' }, { status: 400 });
      }),
    );
    renderAsAdmin('/dashboad/all-sellers', {
      sellers: [makeUser({ _id: 's1', name: 'Sam Seller', userRole: 'Seller' })],
    });
    const user = userEvent.setup();
    await findHeading('All Sellers');
    await user.click(screen.getByRole('button', { name: 'Make seller verify: Sam Seller' }));
    expect(
      await screen.findByText(
        'Sam Seller could not be verified: id: only a seller can be verified',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Make seller verify: Sam Seller' }),
    ).toBeEnabled();
    expect(screen.queryByText('User verified success full')).not.toBeInTheDocument();
  });

  it('deletes a seller after confirmation with the spec toast', async () => {
    const sellers = [makeUser({ _id: 's1', name: 'Sam Seller', userRole: 'Seller' })];
    server.use(
      http.delete(`${API}/user/:id`, () => {
        sellers.splice(0, 1);
        return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
      }),
    );
    renderAsAdmin('/dashboad/all-sellers', { sellers });
    const user = userEvent.setup();
    await findHeading('All Sellers');
    await user.click(screen.getByRole('button', { name: 'Delete Sam Seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Sam Seller?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Seller deleted succesfull')).toBeInTheDocument();
    expect(await findHeading('No seller found')).toBeInTheDocument();
  });
});

describe('Server paging, sorting and search', () => {
  /** 30 buyers on the server; the handler pages, sorts and searches them as the API does. */
  function serveBuyers() {
    const everyone = Array.from({ length: 30 }, (_, i) =>
      makeUser({
        _id: `b${String(i).padStart(2, '0')}`,
        name: `Buyer ${String(i).padStart(2, '0')}`,
        email: `buyer${i}@example.com`,
      }),
    );
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/users/buyers`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(params);
        const q = params.get('q')?.toLowerCase() ?? '';
        let rows = everyone.filter((u) => u.name.toLowerCase().includes(q));
        if (params.get('sort') === 'name') {
          rows = [...rows].sort((a, b) => a.name.localeCompare(b.name));
          if (params.get('order') === 'desc') rows.reverse();
        }
        const offset = Number(params.get('offset') ?? 0);
        const limit = Number(params.get('limit') ?? rows.length);
        return HttpResponse.json(rows.slice(offset, offset + limit), {
          headers: { 'X-Total-Count': String(rows.length) },
        });
      }),
    );
    return { asked, last: () => asked[asked.length - 1] };
  }

  it('asks the server for one page of 10, then the next page', async () => {
    const { asked, last } = serveBuyers();
    renderAsAdmin('/dashboad/all-buyers', {});
    await findHeading('All Buyers');
    expect(asked[0]?.get('limit')).toBe('10');
    expect(asked[0]?.get('offset')).toBe('0');
    expect(screen.getAllByRole('row', { name: /Buyer \d\d/ })).toHaveLength(10);
    expect(screen.getByText('1–10 of 30')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(last().get('offset')).toBe('10'));
    expect(last().get('limit')).toBe('10');
    expect(await screen.findByRole('row', { name: /Buyer 10/ })).toBeInTheDocument();
    expect(screen.getByText('11–20 of 30')).toBeInTheDocument();
  }, 40_000);

  it('sorts on the server when a column header is clicked', async () => {
    const { last } = serveBuyers();
    renderAsAdmin('/dashboad/all-buyers', {});
    await findHeading('All Buyers');
    await userEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(last().get('sort')).toBe('name'));
    expect(last().get('order')).toBe('asc');
    expect(last().get('offset')).toBe('0');
    await userEvent.click(screen.getByRole('columnheader', { name: 'Name' }));
    await waitFor(() => expect(last().get('order')).toBe('desc'));
    expect(await screen.findByRole('row', { name: /Buyer 29/ })).toBeInTheDocument();
  }, 40_000);

  it('searches on the server (q) from the one search box', async () => {
    const { last } = serveBuyers();
    renderAsAdmin('/dashboad/all-buyers', {});
    await findHeading('All Buyers');
    const user = userEvent.setup();
    // The grid's own search box (the top bar has the site's car search).
    const gridSearch = () => within(screen.getByRole('main')).getByRole('searchbox');
    await user.type(gridSearch(), 'Buyer 2');
    await waitFor(() => expect(last().get('q')).toBe('Buyer 2'), { timeout: 3000 });
    expect(last().get('offset')).toBe('0');
    expect(await screen.findByText('1–10 of 10')).toBeInTheDocument();
    // A search that finds nobody keeps the grid (and the search box), not the empty heading.
    await user.type(gridSearch(), 'zzz');
    await waitFor(() => expect(last().get('q')).toBe('Buyer 2zzz'), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Buyer 2/ })).toBeNull());
    expect(screen.getByRole('grid', { name: 'All Buyers' })).toBeInTheDocument();
    expect(gridSearch()).toHaveValue('Buyer 2zzz');
    expect(screen.getByRole('heading', { name: 'All Buyers' })).toBeInTheDocument();
  }, 40_000);
});
