/**
 * A forgotten password: what the server does after answering `POST /api/password-reset` (the
 * answer is the same whether or not the account exists, and goes before any of this), and what
 * a completed reset ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  mailGoogleNotice,
  mailPasswordReset,
  type AccountMailDeps,
  type MailedAccount,
} from './account-mail';
import type { SignInProvider } from '../platform/caller/access';
import type { Db } from '../platform/db/client';
import { signOutEverywhere } from './sign-out-everywhere';
import { normaliseEmail } from '../platform/db/ids';

/** The answer to every request for a password reset, whoever has the e-mail. */
export const RESET_ANSWER =
  'If an account exists for that e-mail, we sent a link to reset the password';

/** Reset mails (links and Google notices together) per e-mail in an hour. */
export const RESET_MAILS_PER_HOUR = 3;

export interface PasswordResetDeps extends AccountMailDeps {
  findByEmail(email: string): Promise<MailedAccount | null>;
}

/**
 * Mails the account with this e-mail a reset link, or, when it signs in with Google only, the
 * notice that it does: nothing when there is no such account or it was mailed
 * RESET_MAILS_PER_HOUR times in the last hour.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, email: string): Promise<void> {
  const account = await deps.findByEmail(normaliseEmail(email));
  if (!account) return;
  const signInAccount = await deps.signIn
    .getUserByEmail(account.email)
    .catch((error: { code?: string }) => {
      if (error.code === 'auth/user-not-found') return null;
      throw error;
    });
  const providers = signInAccount?.providerData.map((provider) => provider.providerId) ?? [];
  const purpose = providers.includes('password')
    ? 'reset'
    : providers.includes('google.com')
      ? 'google'
      : null;
  if (!purpose) return;
  const recordId = await deps.codes.reserve(account._id, purpose, {
    counted: ['reset', 'google'],
    max: RESET_MAILS_PER_HOUR,
    seconds: 3600,
  });
  if (!recordId) return;
  if (purpose === 'reset') await mailPasswordReset(deps, account, recordId);
  else await mailGoogleNotice(deps, account);
}

/**
 * Everything a completed password reset ends: the account's other sessions, as 'Sign out
 * everywhere' does (the provider's refresh tokens, every access token issued before now on every
 * replica, the account's live streams). A failure is logged: the password is already changed.
 */
export async function signOutAfterReset(
  deps: { db: Db; signIn: Pick<SignInProvider, 'revokeRefreshTokens'> },
  account: { userId: string; authUid: string | null },
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await signOutEverywhere(deps, { userId: account.userId, uid: account.authUid });
  } catch (error) {
    log.error({ err: error, userId: account.userId }, 'password reset: sessions not revoked');
  }
}
