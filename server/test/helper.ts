import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { firebaseAuth } from '../src/platform/caller/firebase-admin';
import { DEFAULT_MARKET_TRUST } from '../src/valuation/market-trust';
import { createPglite, openDatabase, type Database } from '../src/platform/db/client';
import { imageStoreFor } from '../src/images/database-image-store';
import type { ImageStore } from '../src/images/image-files';
import { fetchAgainIfClosed } from './fetch-again';
import { withDatabase } from './global-setup';
import { snapshotPath, templateDatabase } from './paths';
import { TEST_PGLITE_START } from './pglite-options';

// Calls to the sign-in emulator and cloning a database take longer than Jest's default 5 s, and
// `npm test` runs the last server files beside the browser tests, where a file's `beforeAll`
// (a database, an app, a few accounts) took over 30 s with six processes on two cores.
jest.setTimeout(60_000);

/** Which database the server suite runs on: PostgreSQL when DATABASE_URL is set. */
export const databaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

export const TEST_IMAGE_KEY = 'test-image-key';
export const TEST_PASSWORD = 'secret-password-1';

/** The PGlite snapshot, read once per test file (a file may open several databases). */
let snapshot: Blob | undefined;

/**
 * A fresh, migrated database for one test file: a copy of the PGlite snapshot, or a PostgreSQL
 * database cloned from the migrated template. Dropped again by `close()`.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `cardealer_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      ...database,
      close: async () => {
        await database.close();
        const cleanup = new Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
        await cleanup.end();
      },
    };
  }
  snapshot ??= new Blob([readFileSync(snapshotPath())]);
  const pglite = await createPglite(undefined, { ...TEST_PGLITE_START, loadDataDir: snapshot });
  return openDatabase({ pglite });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The image host's folder (removed by `close()`): its store on PGlite. */
  imageDir: string;
  /** Where the image host keeps its files: the database on PostgreSQL, else `imageDir`. */
  images: ImageStore;
  close(): Promise<void>;
}

/** The sign-in emulator the global setup made sure of. */
export function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host)
    throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the global setup did not run');
  return host;
}

/** The secret test apps sign access tokens with. */
export const TEST_ACCESS_TOKEN_SECRET = 'test-access-token-secret-at-least-32-characters';

/**
 * The real app on a fresh test database, for `app.inject`: the sign-in emulator verifies ID
 * tokens, access tokens are signed with a test secret, images go where the server would put
 * them: the database on PostgreSQL, a temporary folder on PGlite.
 */
export async function buildTestApp(options: Partial<AppOptions> = {}): Promise<TestContext> {
  return testAppOn(await openTestDatabase(), options);
}

/**
 * The real app, as buildTestApp makes it, on a database already open (closed with the app): a
 * fresh test database, or a primary with its standbys.
 */
export async function testAppOn(
  database: Database,
  options: Partial<AppOptions> = {},
): Promise<TestContext> {
  const imageDir = mkdtempSync(join(tmpdir(), 'cardealer-images-'));
  const images = options.imageStore ?? imageStoreFor(database, imageDir);
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    signIn: firebaseAuth({ firebaseProjectId: 'demo-cardealer', authEmulatorHost: emulatorHost() }),
    accessTokenSecret: TEST_ACCESS_TOKEN_SECRET,
    accessTokenTtlSeconds: 3600,
    imageHostKey: TEST_IMAGE_KEY,
    imageDir,
    // Existing tests post freely; the automatic flags' tests turn the new-seller hold on.
    newSellerDailyCars: 0,
    // The fixtures' sellers, made a moment ago, count as established in the market values
    // (and post no burst); the market trust tests turn the rule on.
    marketTrust: { ...DEFAULT_MARKET_TRUST, establishedDays: 0 },
    ...options,
    imageStore: images,
  });
  await app.ready();
  return {
    app,
    database,
    imageDir,
    images,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(imageDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another API process on a test app's database, as a second replica would be: the same access
 * token secret, its own image folder and answer cache. Not ready yet, so a test may add routes
 * first; `close` also removes its image folder.
 */
export async function buildReplica(
  ctx: TestContext,
  options: Partial<AppOptions> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const imageDir = mkdtempSync(join(tmpdir(), 'cardealer-images-replica-'));
  const app = await buildApp({
    db: ctx.database.db,
    listen: ctx.database.listen,
    accessTokenSecret: TEST_ACCESS_TOKEN_SECRET,
    imageDir,
    newSellerDailyCars: 0,
    marketTrust: { ...DEFAULT_MARKET_TRUST, establishedDays: 0 },
    ...options,
  });
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(imageDir, { recursive: true, force: true });
    },
  };
}

/** An email no other test (or test file running in parallel) uses. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString('hex')}@test.cardealer.dev`;
}

/**
 * An `authorization` header uploads to the image host may go with: the access token of a new
 * sign-in account without a record yet (as a registration has it). No emulator call.
 */
export function uploaderAuth(app: FastifyInstance): { authorization: string } {
  const email = uniqueEmail('uploader');
  return { authorization: `bearer ${app.signAccessToken({ email, uid: `uid-${email}` })}` };
}

/** Creates a sign-in account in the emulator; answers its Firebase ID token. */
export async function signUp(email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await fetchAgainIfClosed(
    `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) {
    throw new Error(`emulator sign-up failed: ${body.error?.message ?? response.status}`);
  }
  return body.idToken;
}

/**
 * Signs in with the emulator's test Google path, as the demo's Google dialog does: an unsigned
 * Google credential naming `email` (and `sub`, the Google account's id). Straight to the
 * emulator, or through `app`'s emulator proxy. Answers the emulator's (or the proxy's) answer.
 */
export async function googleSignIn(
  email: string,
  options: { name?: string; sub?: string; app?: FastifyInstance } = {},
): Promise<{ status: number; body: { idToken?: string; error?: { message: string } } }> {
  const credential = JSON.stringify({
    sub: options.sub ?? `google-${email}`,
    email,
    email_verified: true,
    name: options.name ?? 'Google User',
  });
  const url = '/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=any';
  const payload = {
    requestUri: 'http://localhost',
    postBody: `id_token=${encodeURIComponent(credential)}&providerId=google.com`,
    returnSecureToken: true,
    returnIdpCredential: true,
  };
  if (options.app) {
    const response = await options.app.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() };
  }
  const response = await fetchAgainIfClosed(`http://${emulatorHost()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as { idToken?: string } };
}

export interface TestUser {
  _id: string;
  email: string;
  /** The sign-in account's id (Firebase uid). */
  uid: string;
  name: string;
  role: 'Admin' | 'Seller' | 'Buyer';
  idToken: string;
  accessToken: string;
  /** `{ authorization: 'bearer <access token>' }` */
  auth: { authorization: string };
}

/**
 * A user made through the real flow: a sign-in account in the emulator, `PUT /api/users` with
 * its ID token, then `GET /api/jwt` for an access token. An admin is a buyer promoted in the
 * database, the way `make-admin` does it (no call can make one).
 */
export function registerUser(
  app: FastifyInstance,
  role: 'Admin' | 'Seller' | 'Buyer',
  label: string = role.toLowerCase(),
): Promise<TestUser> {
  return registerAs(app, uniqueEmail(label), role, `${role} ${label}`);
}

/** `registerUser` with this e-mail (one freed by a deleted account, say). */
export async function registerAs(
  app: FastifyInstance,
  email: string,
  role: 'Admin' | 'Seller' | 'Buyer',
  name = `${role} newcomer`,
): Promise<TestUser> {
  const idToken = await signUp(email);
  const put = await app.inject({
    method: 'PUT',
    url: '/api/users',
    headers: { authorization: `Bearer ${idToken}` },
    payload: {
      name,
      email,
      userRole: role === 'Admin' ? 'Buyer' : role,
      userImg: '/images/avatar.svg',
      userVerify: 'false',
    },
  });
  if (put.statusCode !== 200) throw new Error(`PUT /api/users: ${put.statusCode} ${put.body}`);
  const _id = put.json().upsertedId as string;
  if (role === 'Admin') await app.repos.users.setRole(email, 'Admin');
  const accessToken = await accessTokenFor(app, email, idToken);
  return {
    _id,
    email,
    uid: uidOf(idToken),
    name,
    role,
    idToken,
    accessToken,
    auth: { authorization: `bearer ${accessToken}` },
  };
}

/** The sign-in account's id a Firebase ID token names. */
export function uidOf(idToken: string): string {
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as {
    sub?: string;
  };
  if (!claims.sub) throw new Error('the ID token names no account');
  return claims.sub;
}

export async function accessTokenFor(
  app: FastifyInstance,
  email: string,
  idToken: string,
): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/jwt?email=${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (response.statusCode !== 200)
    throw new Error(`GET /api/jwt: ${response.statusCode} ${response.body}`);
  return response.json().accessToken as string;
}

/** A valid product body, as the add-product form sends it (numbers as text). */
export function productBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    carName: 'Tesla Model 3',
    carPhoto: '/image-host/i/' + 'a'.repeat(64) + '.png',
    categoryName: 'Tesla',
    condition: 'Good',
    originalPrice: '52000',
    resalePrice: '38500',
    productLocation: 'Austin, TX',
    userYears: '2',
    postTime: '11/22/2025, 10:00:00 AM',
    productDescription: 'One owner, always garaged.',
    sellerName: 'Sam Seller',
    sellerPhoto: '/images/avatar.svg',
    email: 'ignored@example.com',
    advertisement: 'true',
    isVerify: 'true',
    ...overrides,
  };
}

/** Posts a product as this seller; answers its id. */
export async function postProduct(
  app: FastifyInstance,
  seller: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/category',
    headers: seller.auth,
    payload: productBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/category: ${response.body}`);
  return response.json().insertedId as string;
}

/** Places an order as this buyer; answers its id. */
export async function placeOrder(
  app: FastifyInstance,
  buyer: TestUser,
  productID: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.auth,
    payload: { buyerName: buyer.name, phone: '5551234567', meetLocation: 'Main St', productID },
  });
  if (response.statusCode !== 201) throw new Error(`POST /api/orders: ${response.body}`);
  return response.json().insertedId as string;
}

/** Whom a request goes as: anyone with an `authorization` header. */
interface Caller {
  auth: { authorization: string };
}

/** `POST /api/orders/{order}/messages` as this user (from `remoteAddress` if given). */
export function sendMessage(
  app: FastifyInstance,
  user: Caller,
  order: string,
  text: string,
  remoteAddress?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/orders/${order}/messages`,
    headers: user.auth,
    payload: { text },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** A GET of `url` as this user. */
export function getAs(app: FastifyInstance, user: Caller, url: string) {
  return app.inject({ method: 'GET', url, headers: user.auth });
}

/** A hash of every row of every table (in its own module: the benches use it without Jest). */
export { tableHashes } from './table-hashes';
