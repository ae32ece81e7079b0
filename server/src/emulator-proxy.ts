/**
 * The sign-in emulator's REST calls on the app's own origin (demo mode), so the web app reaches
 * the emulator wherever it is opened from. Only the calls the Firebase web SDK makes for this app
 * are forwarded; the emulator's admin API (`/emulator/v1/…`, project paths, the `owner`
 * credential) is never reachable through the app, answers carry no CORS headers for other
 * origins, and failed password sign-ins are throttled per address as Firebase throttles them.
 */
import replyFrom from '@fastify/reply-from';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

const IDENTITY = '/identitytoolkit.googleapis.com';
const TOKENS = '/securetoken.googleapis.com';
const SIGN_IN_WITH_PASSWORD = `${IDENTITY}/v1/accounts:signInWithPassword`;

/** The calls the web app makes (firebase/auth with the emulator: sign-up, sign-in, profile). */
export const EMULATOR_CALLS: readonly { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: `${IDENTITY}/v1/accounts:signUp` },
  { method: 'POST', path: SIGN_IN_WITH_PASSWORD },
  // Google sign-in: the emulator's test path (an unsigned Google credential).
  { method: 'POST', path: `${IDENTITY}/v1/accounts:signInWithIdp` },
  { method: 'POST', path: `${IDENTITY}/v1/accounts:lookup` },
  { method: 'POST', path: `${IDENTITY}/v1/accounts:update` },
  { method: 'POST', path: `${IDENTITY}/v1/accounts:delete` },
  { method: 'GET', path: `${IDENTITY}/v2/passwordPolicy` },
  { method: 'GET', path: `${IDENTITY}/v2/recaptchaConfig` },
  { method: 'POST', path: `${TOKENS}/v1/token` },
];

/** Failed password sign-ins allowed per address in the window, as Firebase's own throttle. */
export interface SignInThrottle {
  max: number;
  windowSeconds: number;
}

export interface EmulatorProxyOptions {
  /** host:port of the Auth emulator. */
  upstream: string;
  /** `max: 0` turns the throttle off. */
  signInThrottle: SignInThrottle;
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
 * Failed sign-ins per address, each counted for `windowSeconds`, plus the sign-ins still under
 * way: a burst of guesses sent at once cannot outrun the count (bounded: old entries go).
 */
class SignInGuard {
  private readonly failures = new Map<string, number[]>();
  private readonly pending = new Map<string, number>();
  constructor(private readonly rule: SignInThrottle) {}

  private recent(key: string, now: number): number[] {
    const since = now - this.rule.windowSeconds * 1000;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /**
   * Reserves a sign-in for the address: null when its failures and sign-ins under way reach the
   * limit, else a function to call once with the outcome (later calls do nothing).
   */
  start(key: string): ((failed: boolean) => void) | null {
    if (this.rule.max <= 0) return () => undefined;
    const now = Date.now();
    if (this.recent(key, now).length + (this.pending.get(key) ?? 0) >= this.rule.max) return null;
    if (this.failures.size > 100_000) this.failures.clear();
    this.pending.set(key, (this.pending.get(key) ?? 0) + 1);
    let settled = false;
    return (failed) => {
      if (settled) return;
      settled = true;
      const left = (this.pending.get(key) ?? 1) - 1;
      if (left > 0) this.pending.set(key, left);
      else this.pending.delete(key);
      if (failed) this.failures.set(key, [...this.recent(key, Date.now()), Date.now()]);
    };
  }
}

/** Request headers that are the app's, not the emulator's. */
const DROPPED_REQUEST_HEADERS = new Set([
  // `Bearer owner` is the emulator's admin credential; the web SDK sends no authorization.
  'authorization',
  'cookie',
]);

const emulatorProxy: FastifyPluginAsync<EmulatorProxyOptions> = async (app, options) => {
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
  const guard = new SignInGuard(options.signInThrottle);

  /** Forwards to `path` (the allow-listed path itself, never the URL as sent) with the query. */
  const forward = (
    path: string,
    request: FastifyRequest,
    reply: FastifyReply,
    settle: (failed: boolean) => void,
  ) => {
    // A request given up before the emulator answered: no answer was seen, nothing learnt.
    reply.raw.once('close', () => settle(false));
    return reply.from(path, {
      rewriteRequestHeaders: (_request, headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name)),
        ),
      // Same origin needs no CORS header, and another origin gets none (the emulator echoes any).
      rewriteHeaders: (headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(([name]) => !name.startsWith('access-control-')),
        ),
      onResponse: (_request, reply, res) => {
        // INVALID_PASSWORD, EMAIL_NOT_FOUND, INVALID_LOGIN_CREDENTIALS, …: a 400.
        settle(res.statusCode === 400);
        void reply.send(res.stream);
      },
      onError: (reply, { error }) => {
        settle(false);
        void reply.send(error);
      },
    });
  };

  for (const call of EMULATOR_CALLS) {
    const throttled = call.path === SIGN_IN_WITH_PASSWORD;
    app.route({
      method: call.method,
      // A colon starts a parameter in a route: '::' is a literal one.
      url: call.path.replaceAll(':', '::'),
      // Not the marketplace's contract: kept out of the generated OpenAPI document.
      schema: { hide: true },
      handler: (request, reply) => {
        const settle = throttled ? guard.start(request.ip) : () => undefined;
        // Not forwarded: the right password is not revealed either.
        if (!settle) return reply.code(400).send(TOO_MANY);
        return forward(call.path, request, reply, settle);
      },
    });
  }
};

export default emulatorProxy;
