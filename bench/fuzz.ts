/**
 * `npm run bench:fuzz`: generated bad input on every route (see server/test/fuzz/fuzz.ts), at
 * least 10,000 cases (FUZZ_CASES to change, FUZZ_SEED to replay), on a fresh embedded database
 * (or PostgreSQL with DATABASE_URL: a throwaway database is created and dropped). Prints the
 * count, the answers by status and every distinct failure; exits 1 on any failure.
 *
 * The sign-in provider is a stand-in (ID tokens `fuzzid.<base64url email>` of accounts made
 * here), so no emulator is needed; the Jest suite runs the same cases against the emulator.
 */
import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildApp } from '../server/src/app';
import type { SignInProvider } from '../server/src/platform/caller/access';
import { createPglite, openDatabase, type Database } from '../server/src/platform/db/client';
import { seedReferenceData } from '../server/src/scripts/reference-data';
import { fuzzEveryRoute, fuzzTargets, makeFixture } from '../server/test/fuzz/fuzz';

const TOTAL = Number(process.env.FUZZ_CASES ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const IMAGE_KEY = 'bench-fuzz-image-key';

/** A sign-in provider that knows the accounts made here. */
function standInSignIn(): { signIn: SignInProvider; idTokenFor(email: string): string } {
  const accounts = new Set<string>();
  const refuse = (code: string) => Object.assign(new Error(code), { code });
  const signIn: SignInProvider = {
    verifyIdToken: async (token: string) => {
      const match = /^fuzzid\.([A-Za-z0-9_-]+)$/.exec(token);
      const email = match ? Buffer.from(match[1], 'base64url').toString() : '';
      if (!accounts.has(email)) throw refuse('auth/argument-error');
      return { email, uid: email } as DecodedIdToken;
    },
    // The stand-in's uid is the e-mail.
    getUser: async (uid: string) => {
      if (!accounts.has(uid)) throw refuse('auth/user-not-found');
      return { uid, email: uid } as UserRecord;
    },
    getUserByEmail: async (email: string) => {
      if (!accounts.has(email)) throw refuse('auth/user-not-found');
      return { uid: email, email, providerData: [{ providerId: 'password' }] } as UserRecord;
    },
    getUserByProviderUid: async () => {
      throw refuse('auth/user-not-found');
    },
    deleteUser: async (uid: string) => {
      accounts.delete(uid);
    },
    // The stand-in mails no links: a reset or a confirmation asked for is refused.
    generatePasswordResetLink: async () => {
      throw refuse('auth/operation-not-allowed');
    },
    generateEmailVerificationLink: async () => {
      throw refuse('auth/operation-not-allowed');
    },
    revokeRefreshTokens: async () => undefined,
    // Its uid is the e-mail: a change of e-mail is refused.
    updateUser: async () => {
      throw refuse('auth/operation-not-allowed');
    },
  };
  return {
    signIn,
    idTokenFor: (email) => {
      accounts.add(email);
      return `fuzzid.${Buffer.from(email).toString('base64url')}`;
    },
  };
}

async function openBenchDatabase(): Promise<{
  database: Database;
  kind: string;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ pglite: await createPglite() });
    return { database, kind: 'PGlite', drop: async () => {} };
  }
  const name = `cardealer_fuzz_${process.pid}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return {
    database,
    kind: 'PostgreSQL',
    drop: async () => {
      const cleanup = new Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    },
  };
}

async function main(): Promise<void> {
  const { database, kind, drop } = await openBenchDatabase();
  await database.migrate();
  await seedReferenceData(database.db);
  const imageDir = mkdtempSync(join(tmpdir(), 'cardealer-fuzz-images-'));
  const { signIn, idTokenFor } = standInSignIn();
  const app = await buildApp({
    db: database.db,
    signIn,
    accessTokenSecret: 'bench-fuzz-access-token-secret-of-32-characters',
    imageHostKey: IMAGE_KEY,
    imageDir,
  });
  await app.ready();
  try {
    const fixture = await makeFixture(app, async (email) => idTokenFor(email), IMAGE_KEY);
    const routes = fuzzTargets(app).length;
    const perRoute = Math.ceil(TOTAL / routes);
    console.log(`fuzzing ${routes} routes × ${perRoute} cases on ${kind} (FUZZ_SEED=${SEED}) …`);
    const started = Date.now();
    let last = 0;
    const report = await fuzzEveryRoute(
      { app, db: database.db, imageDir, fixture },
      perRoute,
      SEED,
      (done) => {
        if (done - last >= 2000) {
          last = done;
          console.log(`  ${done} cases, ${((Date.now() - started) / 1000).toFixed(0)} s`);
        }
      },
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`\n${report.cases} cases in ${seconds.toFixed(0)} s on ${kind}, seed ${SEED}`);
    console.log(
      'answers by status:',
      Object.entries(report.byStatus)
        .map(([status, n]) => `${status}×${n}`)
        .join(' '),
    );
    const distinct = new Map<string, { count: number; example: string }>();
    for (const failure of report.failures) {
      const key = `${failure.route}: ${failure.problem
        .replace(/"requestId":"[^"]*"/, '')
        .replace(/\d+/g, 'N')
        .slice(0, 160)}`;
      const seen = distinct.get(key);
      if (seen) seen.count++;
      else distinct.set(key, { count: 1, example: failure.request });
    }
    console.log(`failures: ${report.failures.length} (${distinct.size} distinct)`);
    for (const [key, { count, example }] of distinct) {
      console.log(`\n× ${count}  ${key}\n   e.g. ${example}`);
    }
    process.exitCode = report.failures.length ? 1 : 0;
  } finally {
    await app.close();
    await database.close();
    await drop();
    rmSync(imageDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
