/**
 * The mailed links' codes through the demo's emulator proxy. The emulator's codes never expire
 * and it makes one for anyone who asks its admin API: the proxy forwards a password reset
 * (`accounts:resetPassword`) and an e-mail confirmation (`accounts:update` with an `oobCode`)
 * only with a code the server mailed and recorded, unused and under an hour old
 * (account-codes.ts). A reset uses its code up, and once done signs the account out everywhere.
 */
import type { FastifyInstance } from 'fastify';
import { LINK_EXPIRED } from './account-codes';
import type { IdpRefusal } from './emulator-idp';
import type { Settle } from './emulator-sign-in-guard';
import { signOutAfterReset } from './password-reset';

/** A used, expired, altered or unknown code, in the Identity Toolkit's words. */
export const EXPIRED_CODE: IdpRefusal = {
  status: 400,
  code: 'EXPIRED_OOB_CODE',
  message: LINK_EXPIRED,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the proxy does with an `accounts:resetPassword` call. */
export type ResetStart = { refused: IdpRefusal } | { settle: Settle };

/**
 * A reset's code checked: refused unless recorded and working. Asking what the code is for (no
 * `newPassword`: the SDK's verifyPasswordResetCode) leaves it unused; setting the password uses
 * it at once (two calls at once: one goes on), gives it back when the emulator refuses the
 * password, and signs the account out everywhere when it takes it.
 */
export async function startReset(app: FastifyInstance, body: unknown): Promise<ResetStart> {
  if (!isRecord(body) || typeof body.oobCode !== 'string') return { refused: EXPIRED_CODE };
  const code = body.oobCode;
  const codes = app.repos.accountCodes;
  if (body.newPassword === undefined) {
    return (await codes.owner(code, 'reset'))
      ? { settle: () => Promise.resolve() }
      : { refused: EXPIRED_CODE };
  }
  const owner = await codes.use(code, 'reset');
  if (!owner) return { refused: EXPIRED_CODE };
  let settled = false;
  return {
    settle: async (failed) => {
      if (settled) return;
      settled = true;
      try {
        if (failed) await codes.release(owner.codeId);
        else await signOutAfterReset(app, owner, app.log);
      } catch (error) {
        app.log.error({ err: error }, 'password reset: not settled');
      }
    },
  };
}

/**
 * An `accounts:update` that applies a code (the SDK's applyActionCode): only a recorded, working
 * confirmation code, and nothing else in the call. Null when it carries no code.
 */
export async function actionCodeRefusal(
  app: FastifyInstance,
  body: unknown,
): Promise<IdpRefusal | null> {
  if (!isRecord(body) || body.oobCode === undefined) return null;
  const extra = Object.keys(body).filter((name) => name !== 'oobCode' && name !== 'tenantId');
  if (typeof body.oobCode !== 'string' || extra.length > 0) return EXPIRED_CODE;
  return (await app.repos.accountCodes.owner(body.oobCode, 'verify')) ? null : EXPIRED_CODE;
}
