import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Me } from '../../lib/api/account';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider, type FakeProvider } from '../../testing/firebaseAuth';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { jwtHandler, listenToAuth, roleHandlers } from '../../testing/session';

const UPLOAD = 'http://localhost/image-host/1/upload';
const EMAIL = 'sam@example.com';

const sam: Me = {
  _id: 'user-sam',
  name: 'Sam Seller',
  email: EMAIL,
  userRole: 'Seller',
  userImg: '',
  userVerify: 'false',
  phone: null,
  zip: null,
  place: null,
  bookingMails: true,
};

/** The API's account settings, in memory: what the page reads and the changes it sends. */
function answerSettings(start: Me) {
  let me = { ...start };
  const sent: unknown[] = [];
  server.use(
    http.get(`${API}/me`, () => HttpResponse.json(me)),
    http.patch(`${API}/me`, async ({ request }) => {
      const body = (await request.json()) as Partial<Me>;
      sent.push(body);
      if (body.zip && body.zip !== '78701') {
        return HttpResponse.json({ message: 'zip: no such US ZIP code' }, { status: 400 });
      }
      me = { ...me, ...body };
      me.place = me.zip ? 'Austin, TX' : null;
      return HttpResponse.json(me);
    }),
    // A password change ends the other sessions (PasswordSection.test.tsx says how).
    http.post(`${API}/me/sign-out-everywhere`, () => new HttpResponse(null, { status: 204 })),
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
    http.post(UPLOAD, () =>
      HttpResponse.json({
        success: true,
        status: 200,
        data: { display_url: '/image-host/i/new.png' },
      }),
    ),
  );
  return { sent, current: () => me };
}

/** Signed in through the sign-in provider's SDK (its REST API answered by MSW), as a seller. */
async function openSettings(start: Me = sam, role: 'seller' | 'admin' = 'seller') {
  const provider: FakeProvider = fakeProvider([
    { email: EMAIL, password: 'secret1', displayName: start.name },
  ]);
  server.use(...provider.handlers, jwtHandler(), ...roleHandlers(role));
  const api = answerSettings(start);
  const store = makeStore();
  void listenToAuth(store);
  await firebaseAuthService.signIn(EMAIL, 'secret1');
  const view = renderApp('/dashboad/account', { store });
  expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  return { ...view, provider, api, user: userEvent.setup({ delay: null }) };
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

describe('Account settings page', () => {
  it('has the four sections, and every role’s side menu links to it', async () => {
    await openSettings();
    for (const name of ['Profile', 'Contact', 'E-mail', 'Password']) {
      expect(await screen.findByRole('region', { name })).toBeVisible();
    }
    await waitFor(() => expect(document.title).toBe('Account settings'));
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0]!;
    expect(await within(menu).findByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/dashboad/account',
    );
  });

  it('changes the name and photo, and the header’s session follows', async () => {
    const { user, api, store } = await openSettings();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const name = within(profile).getByLabelText('Name');
    expect(name).toHaveValue('Sam Seller');
    await user.clear(name);
    await user.type(name, 'Sam Renamed');
    await user.upload(
      within(profile).getByLabelText('Photo'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile is saved')).toBeInTheDocument();
    expect(api.sent).toEqual([
      { name: 'Sam Renamed', userImg: 'http://localhost/image-host/i/new.png' },
    ]);
    await waitFor(() => expect(store.getState().auth.user?.displayName).toBe('Sam Renamed'));
  });

  it('refuses a blank name and a file that is not an image, sending nothing', async () => {
    const { api } = await openSettings();
    // A file the picker's `accept` would hide, as a drop or another browser may give one.
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    await user.clear(within(profile).getByLabelText('Name'));
    await user.upload(
      within(profile).getByLabelText('Photo'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    );
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByText('Field is required')).toBeInTheDocument();
    expect(within(profile).getByText('Choose a JPEG, PNG, WebP or GIF image')).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('sets the phone number and the ZIP code, naming its place as the car form does', async () => {
    const { user, api } = await openSettings();
    const contact = await screen.findByRole('region', { name: 'Contact' });
    const phone = within(contact).getByLabelText('Phone number');
    await user.type(phone, 'call me');
    const zip = within(contact).getByLabelText('ZIP code');
    await user.type(zip, '78701');
    expect(await within(contact).findByText('78701 — Austin, TX')).toBeInTheDocument();
    await user.click(within(contact).getByRole('button', { name: 'Save contact details' }));
    expect(
      await within(contact).findByText(/Enter 7 to 20 digits, spaces, dashes or brackets/),
    ).toBeInTheDocument();
    expect(api.sent).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '+1 (512) 555-0100');
    await user.click(within(contact).getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText('Your contact details are saved')).toBeInTheDocument();
    expect(api.sent).toEqual([{ phone: '+1 (512) 555-0100', zip: '78701' }]);
  });

  it('says an unknown ZIP code has no place, and shows the server’s refusal', async () => {
    const { user } = await openSettings();
    const contact = await screen.findByRole('region', { name: 'Contact' });
    await user.type(within(contact).getByLabelText('ZIP code'), '00000');
    expect(await within(contact).findByText('No such US ZIP code')).toBeInTheDocument();
    await user.click(within(contact).getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText('zip: no such US ZIP code')).toBeInTheDocument();
  });

  it('gathers the e-mail settings: booking mails, the digest and saved cars’ alerts', async () => {
    const puts: unknown[] = [];
    const { user, api } = await openSettings();
    server.use(
      http.put(`${API}/alert-settings`, async ({ request }) => {
        const body = await request.json();
        puts.push(body);
        return HttpResponse.json(body);
      }),
    );
    const mail = await screen.findByRole('region', { name: 'E-mail' });
    const deals = within(mail).getByRole('switch', { name: 'Booking and message e-mails' });
    expect(deals).toBeChecked();
    await user.click(deals);
    await waitFor(() => expect(api.sent).toEqual([{ bookingMails: false }]));
    await waitFor(() => expect(deals).not.toBeChecked());
    const digest = await within(mail).findByRole('switch', { name: 'Daily digest e-mail' });
    await waitFor(() => expect(digest).toBeEnabled());
    await user.click(digest);
    await waitFor(() => expect(puts).toHaveLength(1));
    await waitFor(() => expect(digest).toBeEnabled());
    await user.click(within(mail).getByRole('radio', { name: 'Daily' }));
    await waitFor(() =>
      expect(puts).toEqual([
        { digest: false, savedCars: 'instant' },
        { digest: false, savedCars: 'daily' },
      ]),
    );
    expect(within(mail).getByRole('link', { name: 'Saved searches' })).toHaveAttribute(
      'href',
      '/dashboad/saved-searches',
    );
  });

  it('changes the password with the current one, the new one twice', async () => {
    const { user, provider } = await openSettings();
    const password = await screen.findByRole('region', { name: 'Password' });
    const current = within(password).getByLabelText('Current password');
    const next = within(password).getByLabelText('New password');
    const again = within(password).getByLabelText('New password again');
    const change = within(password).getByRole('button', { name: 'Change password' });

    await user.type(current, 'secret1');
    await user.type(next, 'short');
    await user.type(again, 'other-one');
    await user.click(change);
    expect(
      await within(password).findByText('Password must be 6 characters or longer.'),
    ).toBeInTheDocument();
    expect(within(password).getByText('The two new passwords are not the same')).toBeVisible();

    await user.clear(current);
    await user.type(current, 'not-my-password');
    await user.clear(next);
    await user.type(next, 'brand-new-1');
    await user.clear(again);
    await user.type(again, 'brand-new-1');
    await user.click(change);
    expect(await screen.findByText('Your current password is not right')).toBeInTheDocument();

    await user.clear(current);
    await user.type(current, 'secret1');
    await user.click(change);
    expect(await screen.findByText('Your password is changed')).toBeInTheDocument();
    expect([...provider.accounts.values()][0]?.password).toBe('brand-new-1');
    await waitFor(() => expect(current).toHaveValue(''));
  });

  it('tells an admin that alerts are for buyers and sellers', async () => {
    await openSettings({ ...sam, userRole: 'Admin' }, 'admin');
    const mail = await screen.findByRole('region', { name: 'E-mail' });
    expect(
      within(mail).getByText('Alerts and the daily digest are for buyers and sellers.'),
    ).toBeVisible();
    expect(within(mail).queryByRole('switch', { name: 'Daily digest e-mail' })).toBeNull();
    expect(within(mail).getByRole('switch', { name: 'Booking and message e-mails' })).toBeChecked();
  });
});
