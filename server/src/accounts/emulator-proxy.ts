/**
 * The sign-in emulator's REST calls on the app's own origin (demo mode), so the web app reaches
 * the emulator wherever it is opened from. Only the calls the Firebase web SDK makes for this app
 * are forwarded; the emulator's admin API (`/emulator/v1/…`, project paths, the `owner`
 * credential) is never reachable through the app, answers carry no CORS headers for other
 * origins, failed password sign-ins are throttled per address (an IPv6 one's /64) as Firebase
 * throttles them, and so are sign-ups.
 * The emulator takes any unsigned Google credential: such a sign-in goes on only when it reaches
 * no password account and no admin, no account links a provider to itself, and a Google account
 * neither drops its Google link nor takes a password (emulator-idp.ts). A password reset and an
 * e-mail confirmation go on only with a code the server mailed (emulator-codes.ts).
 * No answer carries a password hash or salt.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import {
  identityToolkitError,
  idpRefusal,
  signUpRefusal,
  updateRefusal,
  type IdpRefusal,
} from './emulator-idp';
import { actionCodeRefusal, startReset } from './emulator-codes';
import { clientNetwork } from '../platform/http/client-network';
import { WindowCounter, type WindowStore } from '../platform/http/window-counter';
import {
  DatabaseSignInGuard,
  MemorySignInGuard,
  type Settle,
  type SignInGuard,
  type SignInThrottle,
} from './emulator-sign-in-guard';

const IDENTITY = '/identitytoolkit.googleapis.com';
const TOKENS = '/securetoken.googleapis.com';
const SIGN_IN_WITH_PASSWORD = `${IDENTITY}/v1/accounts:signInWithPassword`;
const SIGN_IN_WITH_IDP = `${IDENTITY}/v1/accounts:signInWithIdp`;
const UPDATE = `${IDENTITY}/v1/accounts:update`;
const SIGN_UP = `${IDENTITY}/v1/accounts:signUp`;
const RESET_PASSWORD = `${IDENTITY}/v1/accounts:resetPassword`;

/** The calls the web app makes (firebase/auth with the emulator: sign-up, sign-in, profile). */
export const EMULATOR_CALLS: readonly { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: SIGN_UP },
  { method: 'POST', path: SIGN_IN_WITH_PASSWORD },
  // Google sign-in: the emulator's test path (an unsigned Google credential).
  { method: 'POST', path: SIGN_IN_WITH_IDP },
  { method: 'POST', path: `${IDENTITY}/v1/accounts:lookup` },
  { method: 'POST', path: UPDATE },
  { method: 'POST', path: `${IDENTITY}/v1/accounts:delete` },
  // A password reset, with a code the server mailed (emulator-codes.ts).
  { method: 'POST', path: RESET_PASSWORD },
  { method: 'GET', path: `${IDENTITY}/v2/passwordPolicy` },
  { method: 'GET', path: `${IDENTITY}/v2/recaptchaConfig` },
  { method: 'POST', path: `${TOKENS}/v1/token` },
];

export type { SignInThrottle } from './emulator-sign-in-guard';

export interface EmulatorProxyOptions {
  /** host:port of the Auth emulator. */
  upstream: string;
  /** `max: 0` turns the throttle off. */
  signInThrottle: SignInThrottle;
  /** Sign-ups (`accounts:signUp`, failed or not) per address in a window; `max: 0`: none. */
  signUpThrottle?: SignInThrottle;
  /**
   * Count failed sign-ins and sign-ups in this process (default) or in the database, for every
   * replica.
   */
  store?: 'memory' | 'database';
}

/** Firebase's own answer when an address has failed too often (the SDK's auth/too-many-requests). */
const TOO_MANY = {
  error: {
    code: 400,
    message: 'TOO_MANY_ATTEMPTS_TRY_LATER',
    errors: [{ message: 'TOO_MANY_ATTEMPTS_TRY_LATER', domain: 'global', reason: 'invalid' }],
  },
};

/**
 * Too many sign-ups from one address: a 429 whose body is Firebase's own lock-out answer, which
 * the web SDK reads as auth/too-many-requests whatever the status.
 */
const TOO_MANY_SIGN_UPS = { error: { ...TOO_MANY.error, code: 429 } };

/** When the proxy cannot decide (the sign-in provider or the database out of reach). */
const UNAVAILABLE = identityToolkitError({
  status: 503,
  code: 'UNAVAILABLE',
  message: 'The sign-in service could not be reached: try again',
});

/**
 * Fields of the emulator's user records that no caller may read: the emulator keeps the
 * password in clear inside `passwordHash` (`fakeHash:salt=…:password=…`).
 */
const SECRET_FIELDS = new Set(['passwordHash', 'salt']);

/** The JSON value without any secret field, at any depth. */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !SECRET_FIELDS.has(name))
      .map(([name, field]) => [name, withoutSecrets(field)]),
  );
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && /^application\/json\b/i.test(contentType);

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** What `sendOn` needs of a reply (reply-from's hooks type it for HTTP/1 and HTTP/2 alike). */
interface ReplyLike {
  getHeader(name: string): unknown;
  code(statusCode: number): ReplyLike;
  send(payload?: unknown): unknown;
}

/** Sends the emulator's answer on: a JSON one without its secrets. */
function sendOn(reply: ReplyLike, stream: Readable): void {
  if (!isJson(reply.getHeader('content-type'))) return void reply.send(stream);
  readText(stream).then(
    (text) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return void reply.code(502).send(UNAVAILABLE);
      }
      void reply.send(JSON.stringify(withoutSecrets(parsed)));
    },
    (error: unknown) => void reply.send(error),
  );
}

/** Request headers that are the app's, not the emulator's. */
const DROPPED_REQUEST_HEADERS = new Set([
  // `Bearer owner` is the emulator's admin credential; the web SDK sends no authorization.
  'authorization',
  'cookie',
  // Answers come uncompressed: JSON answers are read (and secrets dropped) before they go on.
  'accept-encoding',
]);

const emulatorProxy: FastifyPluginAsync<EmulatorProxyOptions> = async (app, options) => {
  // Loaded here, with the emulator: a server without one (production, the API tests) never loads
  // the proxy's HTTP client (117 modules, a tenth of the server's start-up).
  const { default: replyFrom } = await import('@fastify/reply-from');
  await app.register(replyFrom, {
    base: `http://${options.upstream}`,
    undici: { connections: 16 },
  });
  // The token refresh is a form (grant_type=refresh_token&…): passed on as it came. This parser
  // belongs to this plugin's routes only; the API itself still answers such a body with 415.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  const signUps: WindowStore =
    options.store === 'database' ? app.repos.rateLimits : new WindowCounter();
  /** Counts a sign-up from the request's address: the seconds to wait when it is one too many. */
  const signUpWait = async (request: FastifyRequest): Promise<number> => {
    const rule = options.signUpThrottle;
    if (!rule || rule.max <= 0) return 0;
    const key = `signup:ip:${clientNetwork(request.ip)}`;
    const [window] = await signUps.hitWindows([{ key, windowMs: rule.windowSeconds * 1000 }]);
    if (!window || window.count <= rule.max) return 0;
    return Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000));
  };
  const guard: SignInGuard =
    options.store === 'database'
      ? new DatabaseSignInGuard(options.signInThrottle, app.repos.rateLimits, app.log)
      : new MemorySignInGuard(options.signInThrottle);

  /** Forwards to `path` (the allow-listed path itself, never the URL as sent) with the query. */
  const forward = (path: string, reply: FastifyReply, settle: Settle) => {
    // A request given up before the emulator answered: no answer was seen, nothing learnt.
    reply.raw.once('close', () => void settle(false));
    return reply.from(path, {
      rewriteRequestHeaders: (_request, headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name)),
        ),
      // Same origin needs no CORS header, and another origin gets none (the emulator echoes any).
      // A JSON answer is sent again without its secrets: its length is counted anew.
      rewriteHeaders: (headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(
            ([name]) =>
              !name.startsWith('access-control-') &&
              !(name === 'content-length' && isJson(headers['content-type'])),
          ),
        ),
      onResponse: (_request, reply, res) => {
        // INVALID_PASSWORD, EMAIL_NOT_FOUND, INVALID_LOGIN_CREDENTIALS, …: a 400. Counted before
        // the answer goes, so the caller's next sign-in finds it counted.
        void settle(res.statusCode === 400).then(() => sendOn(reply, res.stream));
      },
      onError: (reply, { error }) => {
        void settle(false).then(() => reply.send(error));
      },
    });
  };

  /** Why the call is not forwarded at all (emulator-idp.ts), else null. */
  const refusalOf = async (path: string, body: unknown): Promise<IdpRefusal | null> => {
    if (path === SIGN_IN_WITH_IDP) return idpRefusal(app, body);
    // Applying a code (an e-mail confirmation): only one the server mailed.
    if (path === UPDATE) return (await actionCodeRefusal(app, body)) ?? updateRefusal(app, body);
    if (path === SIGN_UP) return signUpRefusal(body);
    return null;
  };

  for (const call of EMULATOR_CALLS) {
    const throttled = call.path === SIGN_IN_WITH_PASSWORD;
    app.route({
      method: call.method,
      // A colon starts a parameter in a route: '::' is a literal one.
      url: call.path.replaceAll(':', '::'),
      // Not the marketplace's contract: kept out of the generated OpenAPI document.
      schema: { hide: true },
      handler: async (request, reply) => {
        let settle: Settle | null = () => Promise.resolve();
        try {
          const refused = await refusalOf(call.path, request.body);
          if (refused) return reply.code(refused.status).send(identityToolkitError(refused));
          const wait = call.path === SIGN_UP ? await signUpWait(request) : 0;
          if (wait > 0) {
            return reply.code(429).header('retry-after', String(wait)).send(TOO_MANY_SIGN_UPS);
          }
          // Per address, an IPv6 caller's per /64 network.
          if (throttled) settle = await guard.start(clientNetwork(request.ip));
          if (call.path === RESET_PASSWORD) {
            const reset = await startReset(app, request.body);
            if ('refused' in reset) {
              return reply.code(reset.refused.status).send(identityToolkitError(reset.refused));
            }
            settle = reset.settle;
          }
        } catch (error) {
          request.log.error({ err: error }, 'emulator proxy: sign-in not checked');
          return reply.code(503).send(UNAVAILABLE);
        }
        // Not forwarded: the right password is not revealed either.
        if (!settle) return reply.code(400).send(TOO_MANY);
        return forward(call.path, reply, settle);
      },
    });
  }
};

export default emulatorProxy;
