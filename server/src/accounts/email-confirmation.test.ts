import { sql } from 'drizzle-orm';
import { LINK_EXPIRED } from './account-codes';
import { confirmEmails, insertAlert, savedSearch } from '../../test/alert-mail-fixture';
import { MATCH_ON_DEMAND } from '../../test/alert-fixture';
import {
  emulatorHost,
  googleSignIn,
  postProduct,
  registerUser,
  type TestUser,
} from '../../test/helper';
import {
  closeMailTest,
  drain,
  mailWorker,
  openMailTest,
  type MailTest,
} from '../../test/mail-fixture';

const IDENTITY = '/identitytoolkit.googleapis.com/v1';
const ORIGIN = 'http://cars.example';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A confirmed e-mail: the link mailed, applied through the proxy, reported, and what it changes. */
describe('confirming an e-mail', () => {
  let mt: MailTest;
  beforeAll(async () => {
    mt = await openMailTest({
      ...MATCH_ON_DEMAND,
      authEmulatorHost: emulatorHost(),
      publicOrigin: ORIGIN,
    });
  });
  afterAll(() => closeMailTest(mt));

  const app = () => mt.ctx.app;
  const status = (user: TestUser) =>
    app().inject({ method: 'GET', url: '/api/me/verification', headers: user.auth });
  const resend = (user: TestUser) =>
    app().inject({ method: 'POST', url: '/api/me/verification', headers: user.auth });
  const report = (oobCode: string) =>
    app().inject({ method: 'POST', url: '/api/email-verification', payload: { oobCode } });
  const apply = (oobCode: string) =>
    app().inject({
      method: 'POST',
      url: `${IDENTITY}/accounts:update?key=demo`,
      payload: { oobCode },
    });
  /** The code of the last confirmation mail to `user`. */
  const mailedCode = async (user: TestUser) => {
    const rows = rowsOf<{ body: string }>(
      await mt.ctx.database.db.execute(
        sql`select body from outbox where to_email = ${user.email} and subject like '%Confirm%'
            order by created_at desc limit 1`,
      ),
    );
    const match = new RegExp(`${ORIGIN}/verify-email\\?oobCode=([A-Za-z0-9_-]+)`).exec(
      rows[0]?.body ?? '',
    );
    if (!match) throw new Error(`no confirmation link mailed to ${user.email}`);
    return match[1]!;
  };

  it('mails a link, at most once a minute; applied and reported, the account is confirmed', async () => {
    const user = await registerUser(app(), 'Buyer', 'confirming');
    expect((await status(user)).json()).toEqual({ emailConfirmed: false });
    const sent = await resend(user);
    expect(sent.statusCode).toBe(202);
    const again = await resend(user);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/wait a minute/);
    const code = await mailedCode(user);
    // Reported before it was applied: the provider says not yet.
    expect((await report(code)).statusCode).toBe(409);
    expect((await apply(code)).statusCode).toBe(200);
    const reported = await report(code);
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toEqual({ emailConfirmed: true });
    expect((await status(user)).json()).toEqual({ emailConfirmed: true });
    // A seller's page says so.
    const sellerPage = async (seller: TestUser) =>
      (await app().inject({ method: 'GET', url: `/api/sellers/${seller._id}` })).json();
    const seller = await registerUser(app(), 'Seller', 'confirmed-seller');
    expect(await sellerPage(seller)).toMatchObject({ emailConfirmed: false });
    await confirmEmails(mt.ctx, seller);
    expect(await sellerPage(seller)).toMatchObject({ emailConfirmed: true });
    // Used once: the link then says so; asking again for a confirmed account mails nothing.
    const twice = await report(code);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(LINK_EXPIRED);
    expect((await resend(user)).json()).toEqual({ emailConfirmed: true });
  });

  it('refuses a code the server never mailed, an altered one and an expired one', async () => {
    const user = await registerUser(app(), 'Buyer', 'confirm-attack');
    const direct = await app().signIn.generateEmailVerificationLink(user.email);
    const unrecorded = new URL(direct).searchParams.get('oobCode')!;
    const refusedByProxy = await apply(unrecorded);
    expect(refusedByProxy.statusCode).toBe(400);
    expect(refusedByProxy.json().error.message).toBe(`EXPIRED_OOB_CODE : ${LINK_EXPIRED}`);
    expect((await report(unrecorded)).statusCode).toBe(400);
    expect((await resend(user)).statusCode).toBe(202);
    const code = await mailedCode(user);
    expect((await apply(`${code}x`)).statusCode).toBe(400);
    // An e-mail change smuggled beside the code is refused too.
    const smuggled = await app().inject({
      method: 'POST',
      url: `${IDENTITY}/accounts:update?key=demo`,
      payload: { oobCode: code, email: 'someone-else@test.cardealer.dev' },
    });
    expect(smuggled.statusCode).toBe(400);
    await mt.ctx.database.db.execute(
      sql`update account_codes set created_at = now() - interval '61 minutes'
          where user_id = ${user._id}`,
    );
    expect((await apply(code)).statusCode).toBe(400);
    expect((await report(code)).json().message).toBe(LINK_EXPIRED);
    expect((await status(user)).json()).toEqual({ emailConfirmed: false });
  });

  it('counts a Google account as confirmed', async () => {
    const email = `google-confirmed-${Date.now()}@test.cardealer.dev`;
    const { idToken } = (await googleSignIn(email, { app: app() })).body;
    const put = await app().inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: 'Google Person', email, userRole: 'Buyer', userImg: '' },
    });
    expect(put.statusCode).toBe(200);
    const user = await app().repos.users.findByEmail(email);
    expect(await app().repos.accountCodes.isConfirmed(user!._id)).toBe(true);
  });

  it("keeps an unconfirmed account's alerts out of the address it typed, in the bell all the same", async () => {
    const seller = await registerUser(app(), 'Seller', 'confirm-seller');
    const [typed, confirmed] = await Promise.all([
      registerUser(app(), 'Buyer', 'typed-address'),
      registerUser(app(), 'Buyer', 'confirmed-address'),
    ]);
    await confirmEmails(mt.ctx, confirmed);
    const productId = await postProduct(app(), seller, { carName: '2018 Audi A4' });
    for (const user of [typed, confirmed]) {
      const search = await savedSearch(mt.ctx, user, `Audi of ${user.name}`);
      await insertAlert(mt.ctx.database.db, {
        kind: 'match',
        user,
        productId,
        searchId: search.id,
        mail: 'now',
      });
    }
    mt.smtp.received.length = 0;
    await drain(mailWorker(mt, { origin: ORIGIN }));
    const recipients = mt.smtp.received.map((mail) => mail.to);
    expect(recipients).toContain(confirmed.email);
    expect(recipients).not.toContain(typed.email);
    const bell = await app().inject({
      method: 'GET',
      url: '/api/notifications',
      headers: typed.auth,
    });
    expect(bell.statusCode).toBe(200);
    expect(JSON.stringify(bell.json())).toContain('alert');
  });
});
