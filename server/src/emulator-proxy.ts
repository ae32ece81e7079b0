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

/** Failures per address, each counted for `windowSeconds` (bounded: old entries are dropped). */
class FailureCounter {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly rule: SignInThrottle) {}

  private recent(key: string, now: number): number[] {
    const since = now - this.rule.windowSeconds * 1000;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  blocked(key: string): boolean {
    return this.rule.max > 0 && this.recent(key, Date.now()).length >= this.rule.max;
  }

  fail(key: string): void {
    if (this.rule.max <= 0) return;
    const now = Date.now();
    if (this.failures.size > 100_000) this.failures.clear();
    this.failures.set(key, [...this.recent(key, now), now]);
  }
}

const emulatorProxy: FastifyPluginAsync<EmulatorProxyOptions> = async (app, options) => {
  await app.register(replyFrom, {
    base: `http://${options.upstream}`,
    undici: { connections: 16 },
  });
  const failures = new FailureCounter(options.signInThrottle);

  const forward = (request: FastifyRequest, reply: FastifyReply) =>
    reply.from(request.url, {
      // The web SDK never sends one; `Bearer owner` is the emulator's admin credential.
      rewriteRequestHeaders: (_request, headers) => {
        const { authorization: _dropped, ...rest } = headers;
        return rest;
      },
      // Same origin needs no CORS header, and another origin gets none (the emulator echoes any).
      rewriteHeaders: (headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(([name]) => !name.startsWith('access-control-')),
        ),
      onResponse: (request, reply, res) => {
        if (request.url.split('?')[0] === SIGN_IN_WITH_PASSWORD && res.statusCode === 400) {
          failures.fail(request.ip);
        }
        void reply.send(res.stream);
      },
    });

  for (const call of EMULATOR_CALLS) {
    app.route({
      method: call.method,
      // A colon starts a parameter in a route: '::' is a literal one.
      url: call.path.replaceAll(':', '::'),
      // Not the marketplace's contract: kept out of the generated OpenAPI document.
      schema: { hide: true },
      handler: (request, reply) => {
        if (call.path === SIGN_IN_WITH_PASSWORD && failures.blocked(request.ip)) {
          return reply.code(400).send(TOO_MANY);
        }
        return forward(request, reply);
      },
    });
  }
};

export default emulatorProxy;
