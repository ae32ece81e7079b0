/**
 * Makes an existing user the admin: `npx tsx server/src/scripts/make-admin.ts <email>`
 * (`npm run make-admin -- <email>`). No API call can make an admin; this is how a real
 * deployment gets one. The user must have signed up first (their record exists after the
 * first sign-in). Uses the configured database: DATABASE_URL, else PGlite in the data folder
 * (stop the server first: PGlite allows one process at a time).
 */
import { join } from 'node:path';
import { loadServerConfig } from '../config';
import { runScript } from './run-script';
import { openDatabase } from '../platform/db/client';
import { acquirePgliteLock } from '../platform/db/pglite-lock';
import { normaliseEmail } from '../platform/db/ids';
import { usersRepository } from '../accounts/users-repository';
import type { Db } from '../platform/db/client';

export type MakeAdminOutcome = 'promoted' | 'already-admin' | 'no-such-user';

/** Sets the role of the user with this email to Admin. */
export async function makeAdmin(db: Db, email: string): Promise<MakeAdminOutcome> {
  const users = usersRepository(db);
  const user = await users.findByEmail(email);
  if (!user) return 'no-such-user';
  if (user.userRole === 'Admin') return 'already-admin';
  await users.setRole(email, 'Admin');
  return 'promoted';
}

async function main(args: string[]): Promise<number> {
  const email = args.find((arg) => !arg.startsWith('-'));
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
    console.error('Usage: npm run make-admin -- <email>');
    return 2;
  }
  const config = loadServerConfig();
  const release = config.databaseUrl ? () => {} : acquirePgliteLock(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const outcome = await makeAdmin(database.db, email);
    const who = normaliseEmail(email);
    if (outcome === 'no-such-user') {
      console.error(`No user with the email ${who}: they must sign up (and sign in once) first.`);
      return 1;
    }
    console.log(
      outcome === 'promoted' ? `${who} is now the admin.` : `${who} was already an admin.`,
    );
    return 0;
  } finally {
    await database.close();
    release();
  }
}

if (require.main === module) runScript(main);
