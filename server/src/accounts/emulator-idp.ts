/**
 * Which accounts the demo's Google test sign-in may reach. The Auth emulator signs anyone in
 * with an unsigned Google credential (by design): naming a password account's e-mail takes that
 * account over and ends its password, naming an admin's makes one an admin. The emulator proxy
 * asks here before it forwards `accounts:signInWithIdp`; production (real Google credentials)
 * never goes through the proxy.
 */
import type { FastifyInstance } from 'fastify';
import type { UserRecord } from 'firebase-admin/auth';

const GOOGLE = 'google.com';

/** What a signInWithIdp request asks for, read as the emulator reads it. */
export interface IdpRequest {
  providerId: string | null;
  /** Each credential the emulator may read claims from (id_token, else access_token). */
  claims: { sub: string | null; email: string | null }[];
  /** An ID token in the body: link the credential to that signed-in account. */
  linking: boolean;
}

/** A refusal, in the Identity Toolkit's error shape (the web SDK shows `message`'s code). */
export interface IdpRefusal {
  status: number;
  code: string;
  message: string;
}

export const PASSWORD_ACCOUNT_EXISTS: IdpRefusal = {
  status: 400,
  code: 'PASSWORD_ACCOUNT_EXISTS',
  message: 'This e-mail already has a password account: sign in with your password',
};

const refusal = (code: string, message: string, status = 400): IdpRefusal => ({
  status,
  code,
  message,
});

/** The Identity Toolkit's error body for a refusal (`CODE : message`, as the SDK parses it). */
export function identityToolkitError(refused: IdpRefusal) {
  const message = `${refused.code} : ${refused.message}`;
  return {
    error: {
      code: refused.status,
      message,
      errors: [{ message, domain: 'global', reason: 'invalid' }],
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A fake id_token's claims as the emulator reads them: strict JSON, or a JWT's payload unchecked. */
function readClaims(token: string): Record<string, unknown> | null {
  try {
    const json = token.startsWith('{')
      ? token
      : Buffer.from(token.split('.')[1] ?? '', 'base64url').toString();
    const claims: unknown = JSON.parse(json);
    return isRecord(claims) ? claims : null;
  } catch {
    return null;
  }
}

/** The parameters the proxy decides on. */
const DECISIVE = ['providerId', 'id_token', 'access_token'];

/**
 * The request's provider and credentials, merged as the emulator merges them (the request URI's
 * query, then `postBody`, then the URI's fragment); null when it cannot be read with certainty.
 */
export function readIdpRequest(body: unknown): IdpRequest | null {
  if (!isRecord(body) || typeof body.requestUri !== 'string') return null;
  let uri: URL;
  try {
    uri = new URL(body.requestUri);
  } catch {
    return null;
  }
  const parts = [uri.search];
  if (body.postBody !== undefined) {
    if (typeof body.postBody !== 'string') return null;
    parts.push(body.postBody);
  }
  parts.push(uri.hash.replace(/^#/, ''));
  const params = new URLSearchParams();
  for (const part of parts) {
    const read = new URLSearchParams(part);
    // A credential or provider written twice in one part: which one counts is the emulator's
    // business (it reads the first), so such a request is not read at all.
    if (DECISIVE.some((key) => read.getAll(key).length > 1)) return null;
    for (const key of read.keys()) params.set(key, read.get(key) ?? '');
  }
  // A SAML answer: never Google's, and the emulator parses it unchecked (a 500 when not JSON).
  if (params.has('SAMLResponse')) return null;
  const tokens = [params.get('id_token'), params.get('access_token')].filter(
    (token): token is string => Boolean(token),
  );
  if (tokens.length === 0) return null;
  const claims: IdpRequest['claims'] = [];
  for (const token of tokens) {
    const read = readClaims(token);
    // Unreadable here may still be readable to the emulator: never guess. An e-mail that is no
    // string the emulator cannot read either (it answers a 500).
    if (!read || (read.email && typeof read.email !== 'string')) return null;
    claims.push({
      sub: typeof read.sub === 'string' ? read.sub : null,
      // The emulator's own canonical form (no trimming).
      email: typeof read.email === 'string' ? read.email.toLowerCase() : null,
    });
  }
  return {
    providerId: params.get('providerId')?.toLowerCase() ?? null,
    claims,
    linking: body.idToken !== undefined,
  };
}

/**
 * Null when an `accounts:update` may go to the emulator. The emulator lets any signed-in account
 * link a provider to itself (`linkProviderUserInfo`) without checking that another account has
 * it: linking someone's Google id would send their next Google sign-in to the linker's account.
 * A Google account stays one: it neither drops its Google link (`deleteProvider`) nor takes a
 * password, which would let it sign in as a password account and register as a Seller. Nor
 * does an account change its e-mail here: a change goes through the server
 * (`POST /api/me/email`), which has the new address confirm it and the old one able to undo
 * it. The web app does none of these; the call's body must be a JSON object (as the web SDK
 * sends it).
 */
export async function updateRefusal(
  app: FastifyInstance,
  body: unknown,
): Promise<IdpRefusal | null> {
  if (!isRecord(body)) return refusal('INVALID_REQ_TYPE', 'The request could not be read');
  if (body.linkProviderUserInfo !== undefined) {
    return refusal('OPERATION_NOT_ALLOWED', 'Linking a provider is not offered');
  }
  if (body.email !== undefined) {
    return refusal('OPERATION_NOT_ALLOWED', 'Change your e-mail in Account settings');
  }
  if (body.deleteProvider !== undefined) {
    const providers = body.deleteProvider;
    if (!Array.isArray(providers) || providers.some((id) => typeof id !== 'string')) {
      return refusal('INVALID_REQ_TYPE', 'deleteProvider must be a list of provider ids');
    }
    if (providers.some((id: string) => id.toLowerCase() === GOOGLE)) {
      return refusal('OPERATION_NOT_ALLOWED', 'A Google account keeps its Google sign-in');
    }
  }
  return body.password === undefined ? null : passwordRefusal(app, body.idToken);
}

/**
 * Null when the ID token's account may take a password: one without a Google link. A token the
 * Admin SDK cannot verify is refused: what the emulator would make of it is not guessed.
 */
async function passwordRefusal(app: FastifyInstance, idToken: unknown): Promise<IdpRefusal | null> {
  const invalid = refusal('INVALID_ID_TOKEN', 'The sign-in has ended: sign in again');
  if (typeof idToken !== 'string') return invalid;
  let uid: string;
  try {
    ({ uid } = await app.signIn.verifyIdToken(idToken));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    // The provider out of reach is the proxy's 503, not the caller's token.
    if (/network|unavailable|internal-error/i.test(code)) throw error;
    return invalid;
  }
  const account = await accountOrNull(() => app.signIn.getUser(uid));
  if (!account) return invalid;
  if (account.providerData.some((provider) => provider.providerId === GOOGLE)) {
    return refusal(
      'OPERATION_NOT_ALLOWED',
      'A Google account signs in with Google: it takes no password',
    );
  }
  return null;
}

/**
 * Null when an `accounts:signUp` may go to the emulator. With an ID token in the body the
 * emulator links the new e-mail and password to that signed-in account (a Google account would
 * gain a password): the web app's sign-up never sends one.
 */
export function signUpRefusal(body: unknown): IdpRefusal | null {
  if (isRecord(body) && body.idToken !== undefined) {
    return refusal(
      'OPERATION_NOT_ALLOWED',
      'Adding a password to a signed-in account is not offered',
    );
  }
  return null;
}

/** The Admin SDK's answers to an e-mail or id it will not look up (the emulator might). */
const UNREADABLE = new Set(['auth/invalid-email', 'auth/invalid-uid', 'auth/invalid-provider-uid']);

class Unreadable extends Error {}

/** The account, or null when there is none. */
async function accountOrNull(find: () => Promise<UserRecord>): Promise<UserRecord | null> {
  try {
    return await find();
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'auth/user-not-found') return null;
    if (UNREADABLE.has(code)) throw new Unreadable(code);
    throw error;
  }
}

/**
 * Null when the request may go to the emulator, else why not: only Google, never linking, and
 * never an account without a Google link (a password account) or an Admin's, whether named by
 * e-mail or reached by Google id.
 */
export async function idpRefusal(app: FastifyInstance, body: unknown): Promise<IdpRefusal | null> {
  try {
    return await check(app, body);
  } catch (error) {
    if (error instanceof Unreadable) {
      return refusal('INVALID_IDP_RESPONSE', 'The Google credential names no valid account');
    }
    throw error;
  }
}

async function check(app: FastifyInstance, body: unknown): Promise<IdpRefusal | null> {
  const request = readIdpRequest(body);
  if (!request) {
    return refusal('INVALID_IDP_RESPONSE', 'The Google credential could not be read');
  }
  if (request.providerId !== GOOGLE) {
    return refusal('OPERATION_NOT_ALLOWED', 'Only Google sign-in is offered');
  }
  if (request.linking) {
    return refusal('OPERATION_NOT_ALLOWED', 'Linking a Google account is not offered');
  }
  for (const { sub, email } of request.claims) {
    const byGoogleId = sub
      ? await accountOrNull(() => app.signIn.getUserByProviderUid(GOOGLE, sub))
      : null;
    const byEmail = email ? await accountOrNull(() => app.signIn.getUserByEmail(email)) : null;
    if (byEmail && !byEmail.providerData.some((provider) => provider.providerId === GOOGLE)) {
      return PASSWORD_ACCOUNT_EXISTS;
    }
    const emails = new Set([email, byGoogleId?.email, byEmail?.email]);
    for (const named of emails) {
      if (!named) continue;
      const user = await app.repos.users.findByEmail(named);
      if (user?.userRole === 'Admin') return PASSWORD_ACCOUNT_EXISTS;
    }
  }
  return null;
}
