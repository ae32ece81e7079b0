import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { AdminCategory } from '../../lib/api/categories';
import type { SessionUser } from '../../lib/auth/sessionUser';
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

const UPLOAD = 'http://localhost/image-host/1/upload';

const category = (position: number, categoryName: string, cars: number): AdminCategory => ({
  _id: categoryName.toLowerCase(),
  categoryName,
  image: `/images/categories/${categoryName.toLowerCase()}.svg`,
  rating: 4.8,
  position,
  cars,
});

/**
 * A signed-in admin, and a server that keeps `rows` as the real one would: adds last, refuses a
 * taken name or a category with cars, moves and renames. Answers what it was sent, in `sent`.
 */
function renderAsAdmin(rows: AdminCategory[]) {
  const sent: { method: string; id?: string; body?: unknown }[] = [];
  server.use(
    http.get(`${API}/users/admin/:email`, () => HttpResponse.json({ admin: true })),
    http.get(`${API}/users/seller/:email`, () => HttpResponse.json({ seller: false })),
    http.get(`${API}/users/buyer/:email`, () => HttpResponse.json({ buyer: false })),
    http.get(`${API}/admin/categories`, () => HttpResponse.json(rows)),
    http.post(UPLOAD, () =>
      HttpResponse.json({ success: true, data: { display_url: '/image-host/i/porsche.png' } }),
    ),
    http.post(`${API}/admin/categories`, async ({ request }) => {
      const body = (await request.json()) as AdminCategory;
      sent.push({ method: 'POST', body });
      if (rows.some((r) => r.categoryName.toLowerCase() === body.categoryName.toLowerCase())) {
        return HttpResponse.json({ message: 'This category already exists' }, { status: 409 });
      }
      const added = { ...category(rows.length + 1, body.categoryName, 0), ...body };
      rows.push(added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.patch(`${API}/admin/categories/:id`, async ({ params, request }) => {
      const body = (await request.json()) as Partial<AdminCategory>;
      const id = String(params.id);
      sent.push({ method: 'PATCH', id, body });
      const row = rows.find((r) => r._id === id)!;
      Object.assign(row, body);
      if (body.position) {
        const others = rows.filter((r) => r !== row).sort((a, b) => a.position - b.position);
        others.splice(body.position - 1, 0, row);
        others.forEach((r, i) => (r.position = i + 1));
        rows.sort((a, b) => a.position - b.position);
      }
      return HttpResponse.json(row);
    }),
    http.delete(`${API}/admin/categories/:id`, ({ params }) => {
      const id = String(params.id);
      sent.push({ method: 'DELETE', id });
      const row = rows.find((r) => r._id === id)!;
      if (row.cars > 0) {
        return HttpResponse.json({ message: 'This category still has cars' }, { status: 409 });
      }
      rows.splice(rows.indexOf(row), 1);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
  );
  const store = makeStore({
    preloadedState: {
      auth: { user: admin, loading: false, tokenReady: true, attempt: null, account: 'complete' },
    },
  });
  renderApp('/dashboad/categories', { store });
  return sent;
}

// The first visit loads the grid's code (large), so the first heading may take a while.
jest.setTimeout(60_000);
/** The screen, once its grid has the categories. */
async function findHeading() {
  await screen.findByRole('grid', { name: 'Categories' }, { timeout: 10_000 });
  return screen.getByRole('heading', { name: 'Categories', level: 1 });
}
const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const cellsOf = (name: string) =>
  within(rowOf(name))
    .getAllByRole('gridcell')
    .map((cell) => cell.textContent?.trim());
const picture = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'make.png', { type: 'image/png' });

/** Types by pasting (each keystroke would re-render the dialog). */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Categories (admins)', () => {
  it('lists the makes from the side menu, and adds one with its picture', async () => {
    const user = userEvent.setup();
    const sent = renderAsAdmin([category(1, 'Tesla', 3), category(2, 'Ferrari', 0)]);
    expect(await findHeading()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute(
      'href',
      '/dashboad/categories',
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim())).toEqual([
      'Order',
      'Picture',
      'Name',
      'Rating',
      'Cars',
      'Home page',
      'Action',
    ]);
    expect(cellsOf('Tesla')).toEqual(['1↑↓', '', 'Tesla', '4.8', '3', 'shown', 'EditDelete']);
    expect(within(rowOf('Tesla')).getByRole('img', { name: 'Tesla cars' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    // Nothing typed: each field says what it needs, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(within(dialog).getByText('Enter 2 to 40 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a picture')).toBeInTheDocument();
    await enter(user, within(dialog).getByLabelText(/Name/), 'Rolls/Royce');
    expect(within(dialog).getByText(/use only letters, digits, spaces/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Name/));
    await enter(user, within(dialog).getByLabelText(/Name/), '  Porsche ');
    await user.upload(within(dialog).getByLabelText('Picture'), picture());
    expect(await within(dialog).findByRole('img', { name: 'Picture of Porsche' })).toHaveAttribute(
      'src',
      '/image-host/i/porsche.png',
    );
    expect(within(dialog).getByLabelText(/Rating/)).toHaveValue(4.5);
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        method: 'POST',
        body: { categoryName: 'Porsche', image: '/image-host/i/porsche.png', rating: 4.5 },
      },
    ]);
    expect(await screen.findByText('Porsche added')).toBeInTheDocument();
    await waitFor(() =>
      expect(cellsOf('Porsche')).toEqual(expect.arrayContaining(['3↑↓', 'Porsche', '4.5', '0'])),
    );
  });

  it('shows a taken name on the name field and keeps the dialog open', async () => {
    const user = userEvent.setup();
    const sent = renderAsAdmin([category(1, 'Tesla', 3)]);
    await findHeading();
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    await enter(user, within(dialog).getByLabelText(/Name/), 'tesla');
    await user.upload(within(dialog).getByLabelText('Picture'), picture());
    await within(dialog).findByRole('img', { name: 'Picture of tesla' });
    await user.click(within(dialog).getByRole('button', { name: 'Add category' }));
    expect(await within(dialog).findByText('This category already exists')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add category' })).toBeInTheDocument();
  });

  it('renames, moves, and tells why a category with cars cannot be deleted', async () => {
    const user = userEvent.setup();
    const sent = renderAsAdmin([
      category(1, 'Tesla', 3),
      category(2, 'Ferrari', 0),
      category(3, 'Lada', 0),
    ]);
    await findHeading();
    await user.click(screen.getByRole('button', { name: 'Edit Ferrari' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ferrari' });
    const name = within(dialog).getByLabelText(/Name/);
    expect(name).toHaveValue('Ferrari');
    await user.clear(name);
    await enter(user, name, 'Ferrari SpA');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({
      method: 'PATCH',
      id: 'ferrari',
      body: { categoryName: 'Ferrari SpA', image: '/images/categories/ferrari.svg', rating: 4.8 },
    });
    expect(await screen.findByRole('row', { name: /Ferrari SpA/ })).toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Move Tesla up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Lada down' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Lada up' }));
    expect(sent.at(-1)).toEqual({ method: 'PATCH', id: 'lada', body: { position: 2 } });
    await waitFor(() => expect(cellsOf('Lada')[0]).toBe('2↑↓'));

    await user.click(screen.getByRole('button', { name: 'Delete Tesla' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Tesla?' });
    expect(confirm).toHaveTextContent(
      'Tesla still has 3 cars: a category with cars cannot be deleted.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Tesla could not be deleted: This category still has cars'),
    ).toBeInTheDocument();
    // The refused delete closes its dialog (the grid is hidden from the accessibility tree until then).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf('Tesla')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Lada' }));
    const second = await screen.findByRole('dialog', { name: 'Delete Lada?' });
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Lada deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Lada/ })).not.toBeInTheDocument(),
    );
  });
});
