/**
 * Users for the benches that run the real server in production mode (no sign-in emulator):
 * their records are written into the database before the server starts, and their access
 * tokens are signed with the server's ACCESS_TOKEN_SECRET exactly as `GET /api/jwt` signs
 * them (HS256, `{email, uid}`), so every write goes through the API's real authentication. A
 * bench user's sign-in account id is made up from the e-mail (`benchUid`) and kept on the record.
 */
import { createHash, createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type OpenOptions } from '../src/platform/db/client';
import { repositories } from '../src/repositories';
import { seedReferenceData } from '../src/scripts/reference-data';

export interface BenchUser {
  email: string;
  name: string;
  role: 'Seller' | 'Buyer';
  /** Verified by an admin (a dealer who imports more than a new account's first day allows). */
  verified?: boolean;
}

/** Migrates the database, seeds the categories and creates these users. */
export async function prepareBenchDatabase(
  options: OpenOptions,
  users: BenchUser[],
): Promise<void> {
  const database = await openDatabase(options);
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const repos = repositories(database.db);
    for (const user of users) {
      await repos.users.upsert({
        email: user.email,
        name: user.name,
        userImg: '',
        userRole: user.role,
        authUid: benchUid(user.email),
      });
      if (user.verified) {
        await database.db.execute(
          sql`update users set user_verify = 'true' where email = ${user.email}`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

/** The sign-in account id a bench user's record and tokens carry. */
export function benchUid(email: string): string {
  return `bench-${createHash('sha256').update(email).digest('hex').slice(0, 28)}`;
}

/** An access token as the server issues it (`{email, uid}`). */
export function signAccessToken(secret: string, email: string, ttlSeconds = 24 * 3600): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = { email, uid: benchUid(email), iat: now, exp: now + ttlSeconds };
  const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
