/**
 * Changing one's e-mail (`POST /api/me/email`, the new address's `POST /api/email-change`, the old
 * address's `POST /api/email-change/undo`): a recent sign-in asked for; the same answer whoever
 * has the new address; nothing changes until the new address confirms, and then the sign-in
 * account, the record, the cars and the bookings follow; the old address's link undoes it for 7
 * days and signs the account out; every link works once; a stranger who registers the old
 * address afterwards sees nothing of the account.
 */
import { sql } from 'drizzle-orm';
import { LINK_EXPIRED } from './account-codes';
import { accountMailSettled } from './account-mail';
import { ADDRESS_TAKEN, CHANGE_SIGN_IN_AGAIN, changeAnswer, SAME_ADDRESS } from './email-change';
import {
  accessTokenFor,
  buildTestApp,
  databaseKind,
  emulatorHost,
  getAs,
  placeOrder,
  postProduct,
  registerAs,
  registerUser,
  sendMessage,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const ORIGIN = 'http://cars.example';

describe(`changing one's e-mail (${databaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ authEmulatorHost: emulatorHost(), publicOrigin: ORIGIN });
  });
  afterAll(() => ctx.close());

  let address = 0;
  const nextAddress = () => `10.46.${Math.floor(address / 250)}.${address++ % 250}`;
  const ask = (auth: { authorization: string }, email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/me/email',
      headers: auth,
      payload: { email },
      remoteAddress: nextAddress(),
    });
  const confirm = (oobCode: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/email-change',
      payload: { oobCode },
      remoteAddress: nextAddress(),
    });
  const undo = (code: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/email-change/undo',
      payload: { code },
      remoteAddress: nextAddress(),
    });

  async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  }
  const mailsTo = (email: string) =>
    rows<{ subject: string; body: string }>(
      sql`select subject, body from outbox where to_email = ${email} and kind is null
          order by created_at`,
    );
  const linkIn = async (email: string, page: string, name: string) => {
    const bodies = (await mailsTo(email)).map((mail) => mail.body).join('\n');
    const found = [
      ...bodies.matchAll(new RegExp(`${ORIGIN}/${page}\\?${name}=([A-Za-z0-9_-]+)`, 'g')),
    ];
    const last = found.at(-1);
    if (!last) throw new Error(`no ${page} link mailed to ${email}`);
    return last[1]!;
  };
  /** Asks for the change and answers the two mailed codes. */
  const requestChange = async (user: TestUser, to: string) => {
    const response = await ask(user.auth, to);
    expect(response.statusCode).toBe(202);
    await accountMailSettled();
    return {
      change: await linkIn(to, 'confirm-email-change', 'oobCode'),
      undo: await linkIn(user.email, 'undo-email-change', 'code'),
    };
  };
  const recordEmail = async (user: TestUser) =>
    (await rows<{ email: string }>(sql`select email from users where id = ${user._id}`))[0]?.email;
  /** Signs in with the emulator's password sign-in, then gets an access token for `email`. */
  const signIn = async (email: string) => {
    const response = await fetch(
      `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: TEST_PASSWORD, returnSecureToken: true }),
      },
    );
    const body = (await response.json()) as { idToken?: string };
    if (!body.idToken) return null;
    return { authorization: `bearer ${await accessTokenFor(ctx.app, email, body.idToken)}` };
  };

  it('asks for a recent sign-in, a new address and a valid one', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'ask-change');
    const stale = {
      authorization: `bearer ${ctx.app.signAccessToken({ email: user.email, uid: user.uid, authTime: Date.now() - 6 * 60 * 1000 })}`,
    };
    const old = await ask(stale, uniqueEmail('stale-new'));
    expect(old.statusCode).toBe(403);
    expect(old.json().message).toBe(CHANGE_SIGN_IN_AGAIN);
    const same = await ask(user.auth, user.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(SAME_ADDRESS);
    const bad = await ask(user.auth, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/email/);
    const nobody = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/email',
      payload: { email: uniqueEmail('anon') },
    });
    expect(nobody.statusCode).toBe(401);
    await accountMailSettled();
    expect(await recordEmail(user)).toBe(user.email);
  });

  it('changes nothing until the new address confirms; then the account and its bookings follow', async () => {
    const seller = await registerUser(ctx.app, 'Buyer', 'moving-buyer');
    const other = await registerUser(ctx.app, 'Seller', 'moving-other');
    const theirCar = await postProduct(ctx.app, other);
    const booked = await placeOrder(ctx.app, seller, theirCar);
    expect((await sendMessage(ctx.app, other, booked, 'See you at noon')).statusCode).toBe(201);
    const save = await ctx.app.inject({
      method: 'PUT',
      url: `/api/saved-cars/${theirCar}`,
      headers: seller.auth,
    });
    expect(save.statusCode).toBeLessThan(300);
    const to = uniqueEmail('moved');

    const codes = await requestChange(seller, to);
    expect((await mailsTo(to))[0]?.subject).toBe('CarDealer: confirm your new e-mail');
    expect((await mailsTo(seller.email)).at(-1)?.body).toContain(to);
    expect(await recordEmail(seller)).toBe(seller.email);

    const confirmed = await confirm(codes.change);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email).toBe(to);
    expect(await recordEmail(seller)).toBe(to);
    expect((await ctx.app.signIn.getUser(seller.uid)).email).toBe(to);
    const [order] = await rows<{ buyer_email: string }>(
      sql`select buyer_email from orders where id = ${booked}`,
    );
    expect(order?.buyer_email).toBe(to);

    // Signed in with the new address: the same account, its bookings, saved cars and bell.
    const auth = await signIn(to);
    expect(auth).not.toBeNull();
    const me = await getAs(ctx.app, { auth: auth! }, '/api/me');
    expect(me.json()).toMatchObject({ _id: seller._id, email: to });
    const orders = await getAs(
      ctx.app,
      { auth: auth! },
      `/api/orders?email=${encodeURIComponent(to)}`,
    );
    expect(orders.json().map((o: { _id: string }) => o._id)).toEqual([booked]);
    const saved = await getAs(ctx.app, { auth: auth! }, '/api/saved-cars');
    expect(JSON.stringify(saved.json())).toContain(theirCar);
    expect(
      JSON.stringify((await getAs(ctx.app, { auth: auth! }, '/api/notifications')).json()),
    ).toContain(booked);
    // The old address no longer signs in.
    expect(await signIn(seller.email)).toBeNull();

    // A stranger who registers the old address sees none of it.
    const stranger = await registerAs(ctx.app, seller.email, 'Buyer', 'Stranger');
    expect(stranger._id).not.toBe(seller._id);
    const theirOrders = await getAs(
      ctx.app,
      stranger,
      `/api/orders?email=${encodeURIComponent(seller.email)}`,
    );
    expect(theirOrders.json()).toEqual([]);
    expect(
      JSON.stringify((await getAs(ctx.app, stranger, '/api/saved-cars')).json()),
    ).not.toContain(theirCar);
    expect(
      JSON.stringify((await getAs(ctx.app, stranger, '/api/notifications')).json()),
    ).not.toContain(booked);
    // The seller of the booked car still writes to the account, at its new address.
    expect((await sendMessage(ctx.app, other, booked, 'Running late')).statusCode).toBe(201);
    const toStranger = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_email = ${seller.email}`,
    );
    expect(toStranger).toEqual([{ n: 0 }]);
  });

  it("answers alike for another user's and an admin's address, tells that address, and changes nothing", async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'would-take');
    const victim = await registerUser(ctx.app, 'Seller', 'taken');
    const admin = await registerUser(ctx.app, 'Admin', 'taken-admin');
    const free = uniqueEmail('free');

    const answers = [];
    for (const to of [free, victim.email, admin.email]) {
      const started = process.hrtime.bigint();
      const response = await ask(user.auth, to);
      answers.push({
        status: response.statusCode,
        body: response.body.replace(to, 'X'),
        ms: Number(process.hrtime.bigint() - started) / 1e6,
      });
      expect(response.json()).toEqual({ message: changeAnswer(to) });
    }
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    // The work happens after the answer: none waits for a look-up (generous for a busy machine).
    for (const answer of answers) expect(answer.ms).toBeLessThan(1000);
    await accountMailSettled();

    for (const taken of [victim, admin]) {
      const [mail] = await mailsTo(taken.email);
      expect(mail?.body).toContain('already belongs to a');
      expect(mail?.body).not.toMatch(/confirm-email-change/);
      expect(await recordEmail(taken)).toBe(taken.email);
    }
    expect(await recordEmail(user)).toBe(user.email);
    expect((await ctx.app.signIn.getUser(user.uid)).email).toBe(user.email);
  });

  it('takes a link once: used twice, altered, expired or of the other kind, it is refused', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'once');
    const to = uniqueEmail('once-new');
    const codes = await requestChange(user, to);

    const altered = await confirm(`${codes.change.slice(0, -2)}xx`);
    expect(altered.statusCode).toBe(400);
    expect(altered.json().message).toBe(LINK_EXPIRED);
    expect((await confirm(codes.undo)).statusCode).toBe(400);
    expect((await undo(codes.change)).statusCode).toBe(400);
    expect((await confirm(codes.change)).statusCode).toBe(200);
    const twice = await confirm(codes.change);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(LINK_EXPIRED);

    const late = await registerUser(ctx.app, 'Buyer', 'late');
    const lateCodes = await requestChange(late, uniqueEmail('late-new'));
    await ctx.database.db.execute(sql`
      update account_codes set created_at = now() - interval '61 minutes'
      where user_id = ${late._id} and purpose = 'email_change'`);
    const expired = await confirm(lateCodes.change);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(LINK_EXPIRED);
    expect(await recordEmail(late)).toBe(late.email);
  });

  it("undoes a change with the old address's link for 7 days, signing the account out", async () => {
    const user = await registerUser(ctx.app, 'Seller', 'undoing');
    const car = await postProduct(ctx.app, user);
    // Its stock number, as an inventory import keeps it (per dealer's address).
    await ctx.database.db.execute(sql`insert into product_stock_numbers
      (product_id, email, stock_number) values (${car}, ${user.email}, 'S-1')`);
    const to = uniqueEmail('hijacked');
    const codes = await requestChange(user, to);
    expect((await confirm(codes.change)).statusCode).toBe(200);
    // The seller's car and its stock number follow the account's address.
    expect(await rows(sql`select email from products where id = ${car}`)).toEqual([{ email: to }]);
    expect(
      await rows(sql`select email from product_stock_numbers where product_id = ${car}`),
    ).toEqual([{ email: to }]);
    const hijacker = await signIn(to);

    const undone = await undo(codes.undo);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().email).toBe(user.email);
    expect(await recordEmail(user)).toBe(user.email);
    expect((await ctx.app.signIn.getUser(user.uid)).email).toBe(user.email);
    expect(await rows(sql`select email from products where id = ${car}`)).toEqual([
      { email: user.email },
    ]);
    // Every session ends: the old tokens, and the new address's.
    expect((await getAs(ctx.app, user, '/api/me')).statusCode).toBe(401);
    expect((await getAs(ctx.app, { auth: hijacker! }, '/api/me')).statusCode).toBe(401);
    expect((await undo(codes.undo)).json().message).toBe(LINK_EXPIRED);

    // After 7 days the link no longer works.
    const later = await registerUser(ctx.app, 'Buyer', 'undo-late');
    const laterCodes = await requestChange(later, uniqueEmail('undo-late-new'));
    expect((await confirm(laterCodes.change)).statusCode).toBe(200);
    await ctx.database.db.execute(sql`
      update account_codes set created_at = now() - interval '7 days 1 minute'
      where user_id = ${later._id} and purpose = 'email_undo'`);
    const tooLate = await undo(laterCodes.undo);
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toBe(LINK_EXPIRED);
    expect(await recordEmail(later)).not.toBe(later.email);
  });

  it('calls off a change not yet confirmed when the undo link is opened, and refuses an address taken since', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'called-off');
    const to = uniqueEmail('called-off-new');
    const codes = await requestChange(user, to);
    expect((await undo(codes.undo)).statusCode).toBe(200);
    expect((await confirm(codes.change)).json().message).toBe(LINK_EXPIRED);
    expect(await recordEmail(user)).toBe(user.email);

    const racer = await registerUser(ctx.app, 'Buyer', 'racer');
    const wanted = uniqueEmail('raced');
    const raced = await requestChange(racer, wanted);
    await registerAs(ctx.app, wanted, 'Buyer');
    const refused = await confirm(raced.change);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADDRESS_TAKEN);
    expect(await recordEmail(racer)).toBe(racer.email);
  });

  it('mails at most 3 changes an hour per account and per new address (more are answered alike)', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'many-changes');
    const to = uniqueEmail('many-new');
    for (let i = 0; i < 4; i++) expect((await ask(user.auth, to)).statusCode).toBe(202);
    await accountMailSettled();
    expect(await mailsTo(to)).toHaveLength(3);

    const flooded = uniqueEmail('flooded');
    for (let i = 0; i < 4; i++) {
      const sender = await registerUser(ctx.app, 'Buyer', `flooder-${i}`);
      expect((await ask(sender.auth, flooded)).statusCode).toBe(202);
    }
    await accountMailSettled();
    expect(await mailsTo(flooded)).toHaveLength(3);
  });

  it('keeps a raw e-mail change through the emulator proxy refused', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'raw-update');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:update?key=demo',
      payload: { idToken: user.idToken, email: uniqueEmail('raw-new'), returnSecureToken: true },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect((await ctx.app.signIn.getUser(user.uid)).email).toBe(user.email);
  });
});
