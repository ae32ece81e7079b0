/**
 * The mails an account asks for itself: a link to reset its password, the notice that it signs
 * in with Google (which has no password to reset), and a link to confirm its e-mail. Each link
 * leads to the app's own page with the sign-in provider's code (`/reset-password?oobCode=…`,
 * `/verify-email?oobCode=…`); the server keeps a hash of the code (account-codes.ts). They go
 * through the outbox like every mail, written in full when enqueued (the link is made then).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { newId } from '../platform/db/ids';
import { oobCodeOf, type AccountCodesRepository } from './account-codes';
import type { SignInProvider } from '../platform/caller/access';

const FOOTER = ['--', 'CarDealer'];

/** The mail's lines as its text. */
export const textOf = (lines: string[]) => `${[...lines, '', ...FOOTER].join('\n')}\n`;

/** What sending an account mail needs. */
export interface AccountMailDeps {
  db: Db;
  codes: AccountCodesRepository;
  signIn: SignInProvider;
  /** Where people open the app (the links' origin). */
  publicOrigin: string;
}

/** The account a mail goes to. */
export interface MailedAccount {
  _id: string;
  email: string;
}

export async function enqueue(db: Db, account: MailedAccount, subject: string, text: string) {
  await db.execute(sql`
    insert into outbox (id, to_email, subject, body, user_id)
    values (${newId()}, ${account.email}, ${subject}, ${text}, ${account._id})`);
}

/** Mails a link to reset the password (the provider's code, kept in the reserved record). */
export async function mailPasswordReset(
  deps: AccountMailDeps,
  account: MailedAccount,
  recordId: string,
) {
  const code = oobCodeOf(await deps.signIn.generatePasswordResetLink(account.email));
  await deps.codes.setCode(recordId, code);
  const link = `${deps.publicOrigin}/reset-password?oobCode=${encodeURIComponent(code)}`;
  await enqueue(
    deps.db,
    account,
    'CarDealer: reset your password',
    textOf([
      'Someone, we hope you, asked to reset the password of your CarDealer account.',
      '',
      `Set a new password: ${link}`,
      '',
      'The link works once, for an hour. If you did not ask for it, ignore this mail: your',
      'password stays as it is.',
    ]),
  );
}

/** Tells a Google account that it has no password to reset (its record reserved). */
export async function mailGoogleNotice(deps: AccountMailDeps, account: MailedAccount) {
  await enqueue(
    deps.db,
    account,
    'CarDealer: you sign in with Google',
    textOf([
      'Someone, we hope you, asked to reset the password of your CarDealer account.',
      '',
      'Your account signs in with Google and has no CarDealer password: on the sign-in page,',
      `choose 'Sign in with Google': ${deps.publicOrigin}/login`,
      '',
      'If you did not ask for it, ignore this mail.',
    ]),
  );
}

/** Mails a link to confirm the account's e-mail (the provider's code, in the reserved record). */
export async function mailEmailConfirmation(
  deps: AccountMailDeps,
  account: MailedAccount,
  recordId: string,
) {
  const code = oobCodeOf(await deps.signIn.generateEmailVerificationLink(account.email));
  await deps.codes.setCode(recordId, code);
  const link = `${deps.publicOrigin}/verify-email?oobCode=${encodeURIComponent(code)}`;
  await enqueue(
    deps.db,
    account,
    'CarDealer: Confirm your e-mail',
    textOf([
      'Confirm your e-mail, so that CarDealer may mail you alerts, digests and notices:',
      '',
      `Confirm your e-mail: ${link}`,
      '',
      'The link works once, for an hour. If you did not make a CarDealer account, ignore this',
      'mail.',
    ]),
  );
}

/**
 * Work done after the answer has gone (a password reset's look-up and mail): kept here so that
 * a caller (a test, the server closing) can wait for it.
 */
const pending = new Set<Promise<void>>();

/** Runs `work` after the current answer, logging what fails. */
export function afterAnswer(work: () => Promise<void>, onError: (error: unknown) => void): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch(onError)
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once the work started so far after answers is done. */
export async function accountMailSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
