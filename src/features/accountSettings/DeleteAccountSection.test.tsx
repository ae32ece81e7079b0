import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderAlone } from '../../testing/renderAlone';
import { API, server } from '../../testing/server';
import { jwtHandler, makeSessionUser, signedInState } from '../../testing/session';
import { DeleteAccountSection } from './DeleteAccountSection';

jest.setTimeout(20_000);

const SIGN_IN_AGAIN =
  'Sign in again: deleting your account needs a sign-in within the last 5 minutes';

/** The server answers each delete in turn with the next of `answers`. */
function setup(answers: (() => Response)[]) {
  localStorage.setItem('accessToken', 'access-1');
  const provider = fakeProvider([{ email: 'sam@example.com', password: 'secret1' }]);
  const sent: { body: unknown; authorization: string | null }[] = [];
  server.use(
    ...provider.handlers,
    jwtHandler('access-2'),
    http.delete(`${API}/me`, async ({ request }) => {
      sent.push({
        body: await request.json(),
        authorization: request.headers.get('authorization'),
      });
      return answers[sent.length - 1]!();
    }),
  );
  const view = renderAlone(
    <DeleteAccountSection />,
    makeStore({ preloadedState: signedInState(makeSessionUser()) }),
  );
  return { ...view, sent, user: userEvent.setup({ delay: null }) };
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

/** Opens the dialog and types the words. */
async function confirmInDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Delete your account?' }));
  const remove = dialog.getByRole('button', { name: 'Delete my account' });
  expect(remove).toBeDisabled();
  await user.type(dialog.getByRole('textbox', { name: "Type 'delete my account'" }), 'delete my');
  expect(remove).toBeDisabled();
  await user.type(dialog.getByRole('textbox', { name: "Type 'delete my account'" }), ' account');
  await user.click(remove);
  return dialog;
}

describe('Delete my account', () => {
  it('deletes it once the words are typed, signs out and goes home with a message', async () => {
    const { sent, user, router } = setup([() => new HttpResponse(null, { status: 204 })]);
    await confirmInDialog(user);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(
      await screen.findByText('Your account is deleted. Goodbye, and thank you.'),
    ).toBeVisible();
    expect(sent).toEqual([
      { body: { confirm: 'delete my account' }, authorization: 'bearer access-1' },
    ]);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('lists the open bookings with links: cancel or finish these first', async () => {
    const { user } = setup([
      () =>
        HttpResponse.json(
          {
            message: 'Cancel or finish these first',
            bookings: [
              {
                _id: 'o1',
                productName: 'Honda Civic',
                status: 'accepted',
                role: 'seller',
                link: '/dashboad/orders/o1',
              },
            ],
          },
          { status: 409 },
        ),
    ]);
    const dialog = await confirmInDialog(user);
    expect(await dialog.findByText('Cancel or finish these first')).toBeVisible();
    const link = dialog.getByRole('link', { name: 'Honda Civic' });
    expect(link).toHaveAttribute('href', '/dashboad/orders/o1');
    expect(dialog.getByText(/accepted, you are the seller/)).toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Booking page' })).toBeInTheDocument();
  });

  it('asks to sign in again when the sign-in is old, then deletes with the new token', async () => {
    const { sent, user } = setup([
      () => HttpResponse.json({ message: SIGN_IN_AGAIN }, { status: 403 }),
      () => new HttpResponse(null, { status: 204 }),
    ]);
    const dialog = await confirmInDialog(user);
    expect(await dialog.findByText(/sign in again to delete your account/)).toBeVisible();
    await user.type(dialog.getByLabelText('Your password'), 'wrong1');
    await user.click(dialog.getByRole('button', { name: 'Sign in again and delete' }));
    expect(await dialog.findByText('Incorrect password')).toBeVisible();
    expect(sent).toHaveLength(1);
    await user.clear(dialog.getByLabelText('Your password'));
    await user.type(dialog.getByLabelText('Your password'), 'secret1');
    await user.click(dialog.getByRole('button', { name: 'Sign in again and delete' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(sent.map((call) => call.authorization)).toEqual(['bearer access-1', 'bearer access-2']);
  });

  it("shows any other refusal in the dialog ('Account suspended' signs out)", async () => {
    const { user } = setup([
      () => HttpResponse.json({ message: 'The server is busy' }, { status: 503 }),
    ]);
    const dialog = await confirmInDialog(user);
    expect(await dialog.findByText('The server is busy')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
  });
});
