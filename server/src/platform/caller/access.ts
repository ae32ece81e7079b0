import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { randomBytes } from 'node:crypto';
import { normaliseEmail } from '../db/ids';
import type { Role } from '../db/schema';
import { bearerToken } from './bearer-token';
import { httpError } from '../http/errors';
import type { User } from '../http/schemas';

/**
 * Who is calling. An access token (or, where accepted, a Firebase ID token) proves the sign-in
 * account (its uid) and its e-mail; the record is read from the database on every request, so a
 * changed role or a deleted account takes effect at once.
 */
export interface Caller {
  email: string;
  /** The sign-in account's id (Firebase uid). */
  uid: string;
  /** The caller's record; null before `PUT /users` created it. */
  user: User | null;
  /** When the token presented ends (ms since 1970): a stream ends then. */
  expiresAt: number;
  /** When the person last signed in with the provider (ms since 1970; 0: not known). */
  authTime: number;
}

/** What a verified token says of its sign-in account. */
export interface SignedInAccount {
  email: string;
  uid: string;
  /** When the token ends (ms since 1970). */
  expiresAt: number;
  /** When the token was issued (ms since 1970): 'Sign out everywhere' refuses older ones. */
  issuedAt: number;
  /** When the person signed in with the provider (ms since 1970; 0: not known). */
  authTime: number;
}

/** An access token's payload: the sign-in account's e-mail and uid, and when it signed in. */
export interface AccessClaims {
  email: string;
  uid: string;
  /** The ID token's sign-in time (ms since 1970), carried so a recent sign-in can be asked for. */
  authTime?: number;
}

export const DELETED_ACCOUNT =
  'authorization: this account was deleted; sign in with another account';
/** Every call by a suspended account, and its sign-in to the API, answer 403 with this. */
export const ACCOUNT_SUSPENDED = 'Account suspended';
export const ANOTHER_ACCOUNT =
  'authorization: this e-mail now belongs to another sign-in account; sign in again';
/** A token issued before the account signed out everywhere. */
export const SIGNED_OUT = 'authorization: this session was signed out; sign in again';

/** The parts of the Admin SDK's Auth that the API uses. */
export type SignInProvider = Pick<
  Auth,
  | 'verifyIdToken'
  | 'getUser'
  | 'getUserByEmail'
  | 'getUserByProviderUid'
  | 'deleteUser'
  | 'generatePasswordResetLink'
  | 'generateEmailVerificationLink'
  | 'revokeRefreshTokens'
  | 'updateUser'
>;

/**
 * The Auth emulator's sign-up stamps the sign-in time (the token's `auth_time`) and, a moment
 * later, the time from which tokens are valid, each in whole seconds: when a second ends between
 * the two (a busy machine), the Admin SDK's revocation check refuses the new account's first
 * token. With the emulator only, a token is taken as revoked when it was issued more than one
 * second before that time; the real service is checked as it is.
 */
export const EMULATOR_REVOCATION_SLACK_MS = 1000;

async function verifyNotRevoked(signIn: SignInProvider, token: string) {
  try {
    return await signIn.verifyIdToken(token, true);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== 'auth/id-token-revoked' || !process.env.FIREBASE_AUTH_EMULATOR_HOST) throw error;
    // The SDK checks revocation last (and with the emulator always): everything else about the
    // token was verified before this error, so its claims can be read as they are.
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as DecodedIdToken;
    const decoded: DecodedIdToken = { ...claims, uid: claims.sub };
    const account = await signIn.getUser(decoded.uid);
    const validSince = Date.parse(account.tokensValidAfterTime ?? '');
    if (
      account.disabled ||
      !(decoded.auth_time * 1000 >= validSince - EMULATOR_REVOCATION_SLACK_MS)
    ) {
      throw error;
    }
    return decoded;
  }
}

export interface AccessOptions {
  signIn?: SignInProvider;
  /** HS256 secret for access tokens; a random one when absent (tokens die with the process). */
  secret?: string;
  ttlSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sign-in provider, or a stand-in that refuses everything (codegen, some tests). */
    signIn: SignInProvider;
    /** onRequest hook: needs `authorization: bearer <access token>`; sets `request.caller`. */
    authenticate: onRequestHookHandler;
    /** onRequest hook: an access token or a Firebase ID token (PUT /users). */
    authenticateAccessOrIdToken: onRequestHookHandler;
    /** onRequest hook (after `authenticate`): the caller's stored role must be one of these. */
    requireRole(...roles: Role[]): onRequestHookHandler;
    /** The sign-in account a Firebase ID token proves, or null when it is not valid. */
    accountFromIdToken(token: string): Promise<SignedInAccount | null>;
    signAccessToken(account: AccessClaims): string;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const noSignIn: SignInProvider = {
  verifyIdToken: () => Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  getUser: () => Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  getUserByEmail: () => Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  getUserByProviderUid: () =>
    Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  deleteUser: () => Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  generatePasswordResetLink: () =>
    Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  generateEmailVerificationLink: () =>
    Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  revokeRefreshTokens: () =>
    Promise.reject(httpError(503, 'The sign-in provider is not configured')),
  updateUser: () => Promise.reject(httpError(503, 'The sign-in provider is not configured')),
};

const ROLE_NAMES: Record<Role, string> = {
  Admin: 'an admin',
  Seller: 'a seller',
  Buyer: 'a buyer',
};

export async function installAccess(app: FastifyInstance, options: AccessOptions): Promise<void> {
  await app.register(fastifyJwt, {
    secret: options.secret ?? randomBytes(48).toString('base64url'),
    sign: { algorithm: 'HS256', expiresIn: options.ttlSeconds ?? 3600 },
    verify: { algorithms: ['HS256'] },
  });
  const signIn = options.signIn ?? noSignIn;
  app.decorate('signIn', signIn);
  app.decorateRequest('caller', null);

  // The issue time in milliseconds (`iat` counts whole seconds): a token made just after
  // 'Sign out everywhere', in the same second, is newer than it.
  app.decorate('signAccessToken', ({ email, uid, authTime }: AccessClaims) =>
    app.jwt.sign({
      email: normaliseEmail(email),
      uid,
      iat_ms: Date.now(),
      ...(authTime ? { auth_time_ms: authTime } : {}),
    }),
  );

  /** An access token's account; a token without a uid (an older kind) is not valid. */
  const accountFromAccessToken = (token: string): SignedInAccount | null => {
    try {
      const payload = app.jwt.verify<Record<string, unknown>>(token);
      const { email, uid, exp, iat, iat_ms: iatMs, auth_time_ms: authTime } = payload;
      if (typeof email !== 'string' || typeof uid !== 'string' || !uid) return null;
      if (typeof exp !== 'number') return null;
      const issuedAt = typeof iatMs === 'number' ? iatMs : typeof iat === 'number' ? iat * 1000 : 0;
      return {
        email: normaliseEmail(email),
        uid,
        expiresAt: exp * 1000,
        issuedAt,
        authTime: typeof authTime === 'number' ? authTime : 0,
      };
    } catch {
      return null;
    }
  };

  app.decorate('accountFromIdToken', async (token: string): Promise<SignedInAccount | null> => {
    try {
      // checkRevoked also refuses the tokens of disabled and deleted accounts.
      const decoded = await verifyNotRevoked(signIn, token);
      if (typeof decoded.email !== 'string') return null;
      // The e-mail is the sign-in account's, never the token's claim alone: the emulator's tokens
      // are unsigned, so a claim can be rewritten. A token whose claim differs is refused.
      const account = await signIn.getUser(decoded.uid);
      const email = account.email ? normaliseEmail(account.email) : null;
      if (email === null || email !== normaliseEmail(decoded.email)) return null;
      return {
        email,
        uid: decoded.uid,
        expiresAt: decoded.exp * 1000,
        // Whole seconds: the latest moment in its second (a sign-in just after signing out
        // everywhere is not refused; /jwt compares the sign-in time to the second too).
        issuedAt: decoded.iat * 1000 + 999,
        authTime: decoded.auth_time * 1000,
      };
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 503) throw error;
      const code = (error as { code?: string }).code ?? '';
      // The provider being unreachable is our problem, not a bad token.
      if (/network|internal-error|unavailable/i.test(code)) {
        throw httpError(503, 'The sign-in provider is not reachable; try again shortly');
      }
      return null;
    }
  });

  /**
   * The caller's record, found by the sign-in account's uid (or, for a record made before uids
   * were kept, by its e-mail). Refused: the token of an account whose record was deleted, and
   * of an account whose e-mail's record was made for another sign-in account (the e-mail was
   * registered again). A sign-in account without a record yet (before `PUT /users`) goes on.
   * The caller's e-mail is the record's, whatever the token says. A suspended account's every
   * token is refused (403) until an admin lifts the suspension.
   */
  const loadCaller = async (request: FastifyRequest, account: SignedInAccount) => {
    const { user, deleted } = await app.repos.users.findForSignIn(account.uid, account.email);
    if (!user && deleted) throw httpError(401, DELETED_ACCOUNT);
    if (user && user.authUid !== null && user.authUid !== account.uid) {
      throw httpError(401, ANOTHER_ACCOUNT);
    }
    // 'Sign out everywhere' refuses every token issued before it, on every replica: the time is
    // on the record this check reads anyway.
    if (user?.tokensValidAfter && account.issuedAt < user.tokensValidAfter.getTime()) {
      throw httpError(401, SIGNED_OUT);
    }
    if (user?.suspendedAt) throw httpError(403, ACCOUNT_SUSPENDED);
    request.caller = {
      // The record's e-mail: a sign-in account may have changed its own since, and that new
      // e-mail must name nobody (not in a booking, not in PUT /users).
      email: user ? normaliseEmail(user.email) : account.email,
      uid: account.uid,
      expiresAt: account.expiresAt,
      authTime: account.authTime,
      user: user && {
        _id: user._id,
        name: user.name,
        email: user.email,
        userRole: user.userRole,
        userImg: user.userImg,
        userVerify: user.userVerify,
      },
    };
  };

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw httpError(401, 'authorization: a bearer access token is required');
    const account = accountFromAccessToken(token);
    if (!account) {
      throw httpError(401, 'authorization: the access token is not valid or has expired');
    }
    await loadCaller(request, account);
  });

  app.decorate('authenticateAccessOrIdToken', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) {
      throw httpError(401, 'authorization: a bearer access token or sign-in ID token is required');
    }
    const account = accountFromAccessToken(token) ?? (await app.accountFromIdToken(token));
    if (!account) throw httpError(401, 'authorization: the token is not valid or has expired');
    await loadCaller(request, account);
  });

  app.decorate('requireRole', (...roles: Role[]): onRequestHookHandler => {
    const allowed = roles.map((role) => ROLE_NAMES[role]).join(' or ');
    return async (request: FastifyRequest) => {
      const role = request.caller?.user?.userRole;
      if (!role || !roles.includes(role)) throw httpError(403, `Only ${allowed} may do this`);
    };
  });
}
