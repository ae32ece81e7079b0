import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { ReportFile } from '../../lib/api/reports';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { makeSessionUser, roleHandlers, signedInState } from '../../testing/session';

/** The file page's actions: each asks for a reason, calls the server, and refetches. */
const account = (state: 'active' | 'suspended'): ReportFile => ({
  targetKind: 'user',
  targetId: 'u-sam',
  product: null,
  user: {
    _id: 'u-sam',
    name: 'Sam Seller',
    email: 'sam@example.com',
    userRole: 'Seller',
    userImg: '',
    createdAt: '2026-01-02T10:00:00.000Z',
    state,
    suspendedAt: state === 'suspended' ? '2026-11-20T10:00:00.000Z' : null,
    suspendReason: state === 'suspended' ? 'Fake listings' : null,
    listings: [],
    reviews: [],
  },
  reports: [],
  history: [],
});

function serve(refuse = false) {
  let state: 'active' | 'suspended' = 'active';
  const sent: unknown[] = [];
  server.use(
    ...roleHandlers('admin'),
    http.get(`${API}/admin/reports/user/u-sam`, () => HttpResponse.json(account(state))),
    http.post(`${API}/admin/users/u-sam/suspend`, async ({ request }) => {
      sent.push(await request.json());
      if (refuse) {
        return HttpResponse.json({ message: 'This account is already suspended' }, { status: 409 });
      }
      state = 'suspended';
      return HttpResponse.json({ acknowledged: true, hiddenCars: 2, declined: 1, cancelled: 0 });
    }),
  );
  renderApp('/dashboad/reports/user/u-sam', {
    store: makeStore({
      preloadedState: signedInState(makeSessionUser({ email: 'admin@example.com' })),
    }),
  });
  return sent;
}

jest.setTimeout(20_000);

describe("a file's actions", () => {
  it('suspends an account with a reason, and shows it suspended', async () => {
    const sent = serve();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Suspend' }, { timeout: 10_000 }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Suspend Sam Seller?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(dialog.getByText('Give a reason')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), '  Fake listings ');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Account suspended')).toBeInTheDocument();
    expect(sent).toEqual([{ reason: 'Fake listings' }]);
    // The file is read again: the account is suspended, and may be unsuspended.
    expect(await screen.findByRole('button', { name: 'Unsuspend' })).toBeInTheDocument();
    expect(screen.getByText('Suspended because').nextElementSibling).toHaveTextContent(
      'Fake listings',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal in the dialog", async () => {
    serve(true);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Suspend' }, { timeout: 10_000 }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Spam');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This account is already suspended');
  });
});
