/**
 * 'Sign out everywhere' (`POST /api/me/sign-out-everywhere`): every access token the account had
 * is refused from then on, on every replica (the check reads the record, nothing is cached), its
 * ID tokens and refresh tokens are revoked, its live streams end everywhere; a new sign-in works,
 * and nobody else is signed out.
 */
import type { FastifyInstance } from 'fastify';
import { SIGNED_OUT } from '../platform/caller/access';
import { firebaseAuth } from '../platform/caller/firebase-admin';
import {
  accessTokenFor,
  buildReplica,
  buildTestApp,
  databaseKind,
  emulatorHost,
  getAs,
  registerUser,
  TEST_PASSWORD,
  type TestContext,
  type TestUser,
} from '../../test/helper';

/** Signs in again with the password, as the login page does: a fresh ID token. */
async function signInAgain(email: string): Promise<string> {
  const response = await fetch(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: TEST_PASSWORD, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string };
  if (!body.idToken) throw new Error(`sign-in failed: ${response.status}`);
  return body.idToken;
}

describe(`signing out everywhere (${databaseKind})`, () => {
  let ctx: TestContext;
  let replica: { app: FastifyInstance; close: () => Promise<void> };

  beforeAll(async () => {
    ctx = await buildTestApp();
    // Another API process with its own sign-in provider client, as a second replica has.
    replica = await buildReplica(ctx, {
      signIn: firebaseAuth({
        firebaseProjectId: 'demo-cardealer',
        authEmulatorHost: emulatorHost(),
      }),
    });
    await replica.app.ready();
  });
  afterAll(async () => {
    await replica.close();
    await ctx.close();
  });

  const signOut = (app: FastifyInstance, auth: { authorization: string }) =>
    app.inject({ method: 'POST', url: '/api/me/sign-out-everywhere', headers: auth });

  it("refuses every older access token on every replica, this session's too, and nobody else's", async () => {
    const [person, other] = await Promise.all([
      registerUser(ctx.app, 'Buyer', 'everywhere'),
      registerUser(ctx.app, 'Seller', 'bystander'),
    ]);
    // A second session (another laptop), made on the other replica.
    const laptop = await accessTokenFor(replica.app, person.email, await signInAgain(person.email));
    const laptopAuth = { authorization: `bearer ${laptop}` };
    expect((await getAs(replica.app, { auth: laptopAuth }, '/api/notifications')).statusCode).toBe(
      200,
    );

    const response = await signOut(ctx.app, person.auth);
    expect(response.statusCode).toBe(204);

    for (const app of [ctx.app, replica.app]) {
      for (const auth of [person.auth, laptopAuth]) {
        const refused = await getAs(app, { auth }, '/api/notifications');
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ message: SIGNED_OUT });
      }
      expect((await getAs(app, other, '/api/notifications')).statusCode).toBe(200);
    }
  });

  it('revokes the old ID token; a new sign-in gets a token that works', async () => {
    const person = await registerUser(ctx.app, 'Seller', 'revoked');
    // Both the emulator and the check compare sign-in times in whole seconds: the sign-in
    // above is in an earlier second than the sign-out.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signOut(replica.app, person.auth)).statusCode).toBe(204);
    const exchange = await ctx.app.inject({
      url: `/api/jwt?email=${encodeURIComponent(person.email)}`,
      headers: { authorization: `Bearer ${person.idToken}` },
    });
    expect(exchange.statusCode).toBe(401);
    expect(exchange.json().message).toMatch(/^authorization: /);
    // The emulator stamps revocation in whole seconds: a sign-in in the next one is newer.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = await accessTokenFor(ctx.app, person.email, await signInAgain(person.email));
    for (const app of [ctx.app, replica.app]) {
      const read = await getAs(
        app,
        { auth: { authorization: `bearer ${fresh}` } },
        '/api/notifications',
      );
      expect(read.statusCode).toBe(200);
    }
  });

  it("ends the account's live event streams on every replica", async () => {
    const person = await registerUser(ctx.app, 'Buyer', 'streams');
    const endOn = (app: FastifyInstance) =>
      new Promise<string>((resolve) => {
        app.events.onAccountDeleted({ userId: person._id, uid: person.uid }, resolve);
      });
    const here = endOn(ctx.app);
    const there = endOn(replica.app);
    expect((await signOut(ctx.app, person.auth)).statusCode).toBe(204);
    await expect(here).resolves.toBe('signed-out');
    await expect(there).resolves.toBe('signed-out');
    expect((await getAs(replica.app, person, '/api/events')).statusCode).toBe(401);
  });

  it('answers 401 without a valid access token', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/me/sign-out-everywhere' })).statusCode,
    ).toBe(401);
    const stale = await signOut(ctx.app, { authorization: 'bearer not-a-token' });
    expect(stale.statusCode).toBe(401);
  });

  it('counts sign-outs with the account limit (429 past it)', async () => {
    const limited = await buildTestApp({ rateLimits: { account: { max: 1, windowSeconds: 60 } } });
    try {
      const person: TestUser = await registerUser(limited.app, 'Buyer', 'limited');
      expect((await signOut(limited.app, person.auth)).statusCode).toBe(204);
      const again = await signOut(limited.app, person.auth);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
