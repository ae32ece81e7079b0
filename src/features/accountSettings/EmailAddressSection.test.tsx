import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Me } from '../../lib/api/account';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderAlone } from '../../testing/renderAlone';
import { API, server } from '../../testing/server';
import { jwtHandler, makeSessionUser, signedInState } from '../../testing/session';
import { EmailAddressSection } from './EmailAddressSection';

jest.setTimeout(20_000);

const SIGN_IN_AGAIN =
  'Sign in again: changing your e-mail needs a sign-in within the last 5 minutes';
const SENT =
  'We sent a link to new@example.com: your e-mail changes when you open it (within an hour). ' +
  'Your current address got a notice.';

const sam: Me = {
  _id: 'user-sam',
  name: 'Sam Seller',
  email: 'sam@example.com',
  userRole: 'Seller',
  userImg: '',
  userVerify: 'false',
  phone: null,
  zip: null,
  place: null,
  bookingMails: true,
};

/** The server answers each request of a change in turn with the next of `answers`. */
function setup(answers: (() => Response)[]) {
  localStorage.setItem('accessToken', 'access-1');
  const provider = fakeProvider([{ email: 'sam@example.com', password: 'secret1' }]);
  const sent: { body: unknown; authorization: string | null }[] = [];
  server.use(
    ...provider.handlers,
    jwtHandler('access-2'),
    http.post(`${API}/me/email`, async ({ request }) => {
      sent.push({
        body: await request.json(),
        authorization: request.headers.get('authorization'),
      });
      return answers[sent.length - 1]!();
    }),
  );
  const view = renderAlone(
    <EmailAddressSection me={sam} />,
    makeStore({ preloadedState: signedInState(makeSessionUser()) }),
  );
  return { ...view, sent, user: userEvent.setup({ delay: null }) };
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

describe('E-mail address', () => {
  it('shows the current address and sends the new one: the link is on its way', async () => {
    const { sent, user } = setup([() => HttpResponse.json({ message: SENT }, { status: 202 })]);
    expect(screen.getByRole('region', { name: 'E-mail address' })).toHaveTextContent(
      'Your e-mail is sam@example.com.',
    );
    const change = screen.getByRole('button', { name: 'Change e-mail' });
    expect(change).toBeDisabled();
    await user.type(screen.getByLabelText('New e-mail'), ' new@example.com ');
    await user.click(change);
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(sent).toEqual([
      { body: { email: 'new@example.com' }, authorization: 'bearer access-1' },
    ]);
    expect(screen.getByLabelText('New e-mail')).toHaveValue('');
  });

  it('asks to sign in again when the sign-in is old, then sends it with the new token', async () => {
    const { sent, user } = setup([
      () => HttpResponse.json({ message: SIGN_IN_AGAIN }, { status: 403 }),
      () => HttpResponse.json({ message: SENT }, { status: 202 }),
    ]);
    await user.type(screen.getByLabelText('New e-mail'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText(/sign in again to change your e-mail/)).toBeVisible();
    await user.type(screen.getByLabelText('Your password'), 'wrong1');
    await user.click(screen.getByRole('button', { name: 'Sign in again and change' }));
    expect(await screen.findByText('Incorrect password')).toBeVisible();
    expect(sent).toHaveLength(1);
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in again and change' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(sent.map((call) => call.authorization)).toEqual(['bearer access-1', 'bearer access-2']);
  });

  it('shows what the server refuses, in its words', async () => {
    const { user } = setup([
      () => HttpResponse.json({ message: 'email: that is your e-mail already' }, { status: 400 }),
    ]);
    await user.type(screen.getByLabelText('New e-mail'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Change e-mail' }));
    expect(await screen.findByText('email: that is your e-mail already')).toBeVisible();
  });
});
