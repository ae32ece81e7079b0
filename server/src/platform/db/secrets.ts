import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets } from './schema';

/** The name the access-token secret is kept under in `app_secrets`. */
export const ACCESS_TOKEN_SECRET_NAME = 'access-token';

/**
 * The secret stored under `name`, created on first use. Replicas that ask at once all get the
 * same one: the first insert wins, the others' `ON CONFLICT DO NOTHING` waits for it to commit
 * and then inserts nothing, and everyone reads back the row that is there.
 */
export async function sharedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: appSecrets.name });
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row)
    throw new Error(`the secret "${name}" is missing from app_secrets right after its insert`);
  return row.value;
}

/**
 * The secret that signs access tokens: the configured one, else (PostgreSQL without
 * ACCESS_TOKEN_SECRET, demo mode) the one every replica on this database shares.
 */
export async function accessTokenSecret(configured: string | undefined, db: Db): Promise<string> {
  return configured ?? sharedSecret(db, ACCESS_TOKEN_SECRET_NAME);
}
