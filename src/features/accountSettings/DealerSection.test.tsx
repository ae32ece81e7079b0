import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../app/store';
import type { Me } from '../../lib/api/account';
import type { DealerProfile } from '../../lib/api/dealer';
import { firebaseAuthService } from '../../lib/auth/firebase';
import { fakeProvider } from '../../testing/firebaseAuth';
import { renderApp } from '../../testing/render';
import { API, server } from '../../testing/server';
import { jwtHandler, listenToAuth, roleHandlers } from '../../testing/session';

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

/** The API's dealer profile, in memory: what the section reads and what it sends. */
function answerDealer(start: DealerProfile | null) {
  let dealer = start;
  const sent: unknown[] = [];
  server.use(
    http.get(`${API}/me/dealer`, () => HttpResponse.json({ dealer })),
    http.put(`${API}/me/dealer`, async ({ request }) => {
      const body = (await request.json()) as Omit<DealerProfile, 'city' | 'state'>;
      sent.push(body);
      if (body.zip !== '78701') {
        return HttpResponse.json({ message: 'zip: no such US ZIP code' }, { status: 400 });
      }
      dealer = { ...body, city: 'Austin', state: 'TX' };
      return HttpResponse.json({ dealer });
    }),
    http.delete(`${API}/me/dealer`, () => {
      sent.push('DELETE');
      dealer = null;
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
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
  );
  return { sent };
}

/** Signed in (the sign-in provider's REST API answered by MSW) on the settings page. */
async function openSettings(me: Me, role: 'seller' | 'buyer') {
  const provider = fakeProvider([{ email: EMAIL, password: 'secret1', displayName: me.name }]);
  server.use(...provider.handlers, jwtHandler(), ...roleHandlers(role));
  server.use(http.get(`${API}/me`, () => HttpResponse.json(me)));
  const store = makeStore();
  void listenToAuth(store);
  await firebaseAuthService.signIn(EMAIL, 'secret1');
  renderApp('/dashboad/account', { store });
  expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  return userEvent.setup({ delay: null });
}

afterEach(async () => {
  await firebaseAuthService.signOut();
  localStorage.clear();
});

jest.setTimeout(40000);

describe("Account settings' dealer profile", () => {
  it('adds a business, checking each field first, then removes it', async () => {
    const api = answerDealer(null);
    const user = await openSettings(sam, 'seller');
    const section = await screen.findByRole('region', { name: 'Dealer profile' });
    const field = (label: RegExp) => within(section).getByLabelText(label);
    /** Types a field's text at once (pasted: the form checks it as it would typed). */
    const fill = async (label: RegExp, text: string) => {
      await user.clear(field(label));
      await user.click(field(label));
      await user.paste(text);
    };
    await within(section).findByLabelText(/Business name/);
    await fill(/Business name/, 'Lakeside Motors');
    await fill(/Street address/, '200 Congress Ave');
    await fill(/ZIP code/, '78701');
    await fill(/Business phone/, 'call me');
    await fill(/Opening hours/, 'weekdays');
    await fill(/Website/, 'lakeside');
    await user.click(within(section).getByRole('button', { name: 'Save dealer profile' }));
    expect(await within(section).findByText(/Enter 7 to 20 digits/)).toBeVisible();
    expect(within(section).getByText(/Write days and times as/)).toBeVisible();
    expect(within(section).getByText(/starting with https:\/\//)).toBeVisible();
    expect(api.sent).toEqual([]);

    await fill(/Business phone/, '(512) 555-0177');
    await fill(/Opening hours/, 'Mo-Fr 09:00-18:00, Sa 10:00-14:00');
    await fill(/Website/, 'https://lakeside.example.com');
    expect(within(section).getByText('78701 — Austin, TX')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Save dealer profile' }));
    expect(await screen.findByText('Your dealer profile is saved')).toBeInTheDocument();
    expect(api.sent).toEqual([
      {
        name: 'Lakeside Motors',
        address: '200 Congress Ave',
        zip: '78701',
        phone: '(512) 555-0177',
        hours: 'Mo-Fr 09:00-18:00, Sa 10:00-14:00',
        website: 'https://lakeside.example.com',
      },
    ]);

    await user.click(await within(section).findByRole('button', { name: 'Remove dealer profile' }));
    expect(await screen.findByText(/you show as a private seller/)).toBeInTheDocument();
    expect(api.sent.at(-1)).toBe('DELETE');
    await waitFor(() => expect(field(/Business name/)).toHaveValue(''));
  });

  it("shows the saved profile, and the server's refusal", async () => {
    answerDealer({
      name: 'Lakeside Motors',
      address: '200 Congress Ave',
      zip: '78701',
      city: 'Austin',
      state: 'TX',
      phone: '5125550177',
      hours: null,
      website: null,
    });
    const user = await openSettings(sam, 'seller');
    const section = await screen.findByRole('region', { name: 'Dealer profile' });
    const zip = await within(section).findByLabelText(/ZIP code/);
    await waitFor(() => expect(zip).toHaveValue('78701'));
    await user.clear(zip);
    await user.type(zip, '00000');
    await user.click(within(section).getByRole('button', { name: 'Save dealer profile' }));
    expect(await screen.findByText('zip: no such US ZIP code')).toBeInTheDocument();
  });

  it('is not offered to a buyer', async () => {
    await openSettings({ ...sam, userRole: 'Buyer' }, 'buyer');
    expect(await screen.findByRole('region', { name: 'Contact' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Dealer profile' })).toBeNull();
  });
});
