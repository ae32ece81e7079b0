import { sql } from 'drizzle-orm';
import { accountMailSettled } from './account-mail';
import { LINK_EXPIRED } from './account-codes';
import { RESET_ANSWER } from './password-reset';
import {
  buildTestApp,
  emulatorHost,
  googleSignIn,
  registerUser,
  TEST_PASSWORD,
  uniqueEmail,
  type TestContext,
  type TestUser,
} from '../../test/helper';

const IDENTITY = '/identitytoolkit.googleapis.com/v1';
const ORIGIN = 'http://cars.example';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A forgotten password, asked for and set again through the demo's emulator proxy. */
describe('POST /api/password-reset and the reset through the proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      authEmulatorHost: emulatorHost(),
      publicOrigin: ORIGIN,
      rateLimits: { passwordResets: { max: 20, windowSeconds: 3600 } },
    });
  });
  afterAll(() => ctx.close());

  let address = 0;
  /** Each call from its own address unless one is given (the per-address limit has its test). */
  const ask = (
    email: string,
    remoteAddress = `10.9.${Math.floor(address / 250)}.${address++ % 250}`,
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email },
      remoteAddress,
    });
  const mailsTo = async (email: string) =>
    rowsOf<{ subject: string; body: string }>(
      await ctx.database.db.execute(
        sql`select subject, body from outbox where to_email = ${email} order by created_at`,
      ),
    );
  const codeIn = (body: string, page: string) => {
    const match = new RegExp(`${ORIGIN}/${page}\\?oobCode=([A-Za-z0-9_-]+)`).exec(body);
    if (!match) throw new Error(`no ${page} link in: ${body}`);
    return match[1]!;
  };
  /** Asks for a reset and answers the code of the mail it sent. */
  const resetCode = async (user: TestUser) => {
    expect((await ask(user.email)).statusCode).toBe(202);
    await accountMailSettled();
    const mails = await mailsTo(user.email);
    return codeIn(mails.at(-1)!.body, 'reset-password');
  };
  const proxy = (path: string, body: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `${IDENTITY}/${path}?key=demo`,
      payload: body as object,
    });
  const signIn = (email: string, password: string) =>
    proxy('accounts:signInWithPassword', { email, password, returnSecureToken: true });

  it('answers 202 alike for an account and for nobody, and mails only the account a link', async () => {
    const user = await registerUser(ctx.app, 'Seller', 'forgetful');
    const nobody = uniqueEmail('nobody');
    const known = await ask(user.email);
    const unknown = await ask(nobody);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RESET_ANSWER });
    await accountMailSettled();
    const [mail] = await mailsTo(user.email);
    expect(mail?.subject).toBe('CarDealer: reset your password');
    expect(codeIn(mail!.body, 'reset-password')).toMatch(/\w/);
    expect(await mailsTo(nobody)).toEqual([]);
  });

  it('answers in the same time whether or not the account exists', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'timed');
    const time = async (email: string) => {
      const started = process.hrtime.bigint();
      expect((await ask(email)).statusCode).toBe(202);
      const took = Number(process.hrtime.bigint() - started) / 1e6;
      // The mail is made after the answer: waited for outside the timing.
      await accountMailSettled();
      return took;
    };
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    // Five each, interleaved (the account's 4th and 5th are past its limit: looked up, not mailed).
    for (let i = 0; i < 5; i++) {
      known.push(await time(user.email));
      unknown.push(await time(uniqueEmail('stranger')));
    }
    // Looking the account up and making its link takes tens of milliseconds: none of it shows
    // (a generous bound: the machine may be busy).
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25);
  });

  it('mails one e-mail at most 3 times an hour, however many addresses ask, answering all alike', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'flooded');
    for (let i = 0; i < 8; i++) {
      const answer = await ask(user.email, `10.77.0.${i + 1}`);
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ message: RESET_ANSWER });
    }
    await accountMailSettled();
    expect(await mailsTo(user.email)).toHaveLength(3);
  });

  it('refuses the 21st request of an hour from one address with 429, naming no account', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await ask(uniqueEmail('spray'), '10.88.0.1')).statusCode).toBe(202);
    }
    const refused = await ask(uniqueEmail('spray'), '10.88.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/password reset/);
    await accountMailSettled();
  });

  it('answers a bad e-mail with a 400 naming it', async () => {
    const answer = await ask('not an address');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/email/);
  });

  it('tells a Google account it signs in with Google, never sending a link', async () => {
    const email = uniqueEmail('google-forgot');
    const { idToken } = (await googleSignIn(email, { app: ctx.app })).body;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: { authorization: `Bearer ${idToken}` },
      payload: { name: 'Google Person', email, userRole: 'Buyer', userImg: '' },
    });
    expect(put.statusCode).toBe(200);
    expect((await ask(email)).statusCode).toBe(202);
    await accountMailSettled();
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('CarDealer: you sign in with Google');
    expect(mail?.body).not.toMatch(/oobCode/);
    expect(mail?.body).toContain(`${ORIGIN}/login`);
  });

  it('sets the new password once with a mailed code, ending the sessions before it', async () => {
    const user = await registerUser(ctx.app, 'Seller', 'resetter');
    const code = await resetCode(user);
    // The ID token signed in before the reset is older than it by more than the emulator's
    // second of slack (access.ts), in whole seconds.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    // Asking what the code is for leaves it working.
    const asked = await proxy('accounts:resetPassword', { oobCode: code });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ email: user.email });
    const done = await proxy('accounts:resetPassword', {
      oobCode: code,
      newPassword: 'new-pass-2',
    });
    expect(done.statusCode).toBe(200);
    expect((await signIn(user.email, 'new-pass-2')).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(400);
    // The sessions before it end: their ID token gets no access token.
    const old = await ctx.app.inject({
      method: 'GET',
      url: `/api/jwt?email=${encodeURIComponent(user.email)}`,
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(old.statusCode).toBe(401);
    // Used twice: refused, and the password stays the one set.
    const again = await proxy('accounts:resetPassword', { oobCode: code, newPassword: 'third-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(`EXPIRED_OOB_CODE : ${LINK_EXPIRED}`);
    expect((await signIn(user.email, 'new-pass-2')).statusCode).toBe(200);
  });

  it('refuses an altered code, an expired one, and one the server never mailed', async () => {
    const user = await registerUser(ctx.app, 'Buyer', 'attacked');
    const code = await resetCode(user);
    const refused = async (oobCode: string) => {
      const answer = await proxy('accounts:resetPassword', { oobCode, newPassword: 'hijack-1' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toBe(`EXPIRED_OOB_CODE : ${LINK_EXPIRED}`);
    };
    await refused(`${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`);
    // A code the emulator made for someone who asked it directly: not the server's.
    const direct = await ctx.app.signIn.generatePasswordResetLink(user.email);
    await refused(new URL(direct).searchParams.get('oobCode')!);
    // An hour and more after it was mailed.
    await ctx.database.db.execute(
      sql`update account_codes set created_at = now() - interval '61 minutes'
          where user_id = ${user._id}`,
    );
    await refused(code);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('resets only the account the code was mailed to, and a confirmation code resets nothing', async () => {
    const [owner, other] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'owner'),
      registerUser(ctx.app, 'Buyer', 'other'),
    ]);
    const code = await resetCode(owner);
    const done = await proxy('accounts:resetPassword', {
      oobCode: code,
      newPassword: 'owners-new',
      email: other.email,
    });
    expect(done.statusCode).toBe(200);
    expect((await signIn(owner.email, 'owners-new')).statusCode).toBe(200);
    expect((await signIn(other.email, TEST_PASSWORD)).statusCode).toBe(200);
    // A confirmation link's code is no reset code.
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/verification',
      headers: other.auth,
    });
    expect(sent.statusCode).toBe(202);
    const [mail] = await mailsTo(other.email);
    const verify = codeIn(mail!.body, 'verify-email');
    const crossed = await proxy('accounts:resetPassword', {
      oobCode: verify,
      newPassword: 'x-12345',
    });
    expect(crossed.statusCode).toBe(400);
    expect((await signIn(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
