/**
 * Rate limits on the calls worth abusing (sign-in tokens, registration, uploads, bookings). Each
 * limit counts per address always, and per account as well when an access token is sent: new
 * accounts (they cost nothing) do not buy an address more calls. Attached to the guarded routes
 * as they are registered, so register this plugin before them: the route files know nothing of it.
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { CountedWindow } from '../db/repositories/rate-limits-repository';
import { bearerToken } from './bearer-token';
import { httpError } from './errors';

/** At most `max` calls per `windowSeconds`, per caller; `max: 0` turns the limit off. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

export type RateLimitName = 'jwt' | 'users' | 'uploads' | 'orders';
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/** Which route each limit guards (`METHOD url` as registered). */
export const RATE_LIMITED_ROUTES: Record<string, RateLimitName> = {
  'GET /api/jwt': 'jwt',
  'PUT /api/users': 'users',
  'POST /image-host/1/upload': 'uploads',
  'POST /api/orders': 'orders',
};

const windowText = (seconds: number) =>
  seconds % 60 === 0
    ? seconds === 60
      ? 'a minute'
      : `${seconds / 60} minutes`
    : `${seconds} seconds`;

/** Counts a call against keys, each in a fixed window that starts at its first call. */
export interface WindowStore {
  hit(keys: string[], windowMs: number): Promise<CountedWindow[]>;
}

/**
 * Calls per key in fixed windows, in this process's memory (one process: a single PGlite node;
 * bounded: at 100,000 keys the expired ones go, then all).
 */
export class WindowCounter implements WindowStore {
  private readonly windows = new Map<string, CountedWindow>();

  hit(keys: string[], windowMs: number): Promise<CountedWindow[]> {
    return Promise.resolve(keys.map((key) => this.hitOne(key, windowMs)));
  }

  private hitOne(key: string, windowMs: number): CountedWindow {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= 100_000) this.prune(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= 100_000) this.windows.clear();
  }
}

/** The access token's (verified) e-mail, else null (no token, an ID token or a bad one). */
function tokenEmail(app: FastifyInstance, request: FastifyRequest): string | null {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    const payload = app.jwt.verify<{ email?: unknown }>(token);
    return typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

export interface RateLimitOptions {
  /** Absent or empty: no rate limit (tests and codegen build the app without them). */
  rateLimits?: Partial<RateLimits>;
  /**
   * Where the calls are counted: `memory` (this process: a single node) or `database` (shared by
   * every replica on one PostgreSQL, so each limit holds once for the whole cluster).
   */
  store?: 'memory' | 'database';
}

/** How often ended windows are deleted from the database. */
const FORGET_EVERY_MS = 60_000;

const rateLimits: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  const limiters = new Map<string, onRequestHookHandler>();
  const shared = options.store === 'database';
  const counter: WindowStore = shared ? app.repos.rateLimits : new WindowCounter();
  for (const [route, name] of Object.entries(RATE_LIMITED_ROUTES)) {
    const rule = options.rateLimits?.[name];
    if (!rule || rule.max <= 0) continue;
    const limiter: onRequestHookHandler = async (request, reply) => {
      const email = tokenEmail(app, request);
      const keys = [`${name}:ip:${request.ip}`, ...(email ? [`${name}:user:${email}`] : [])];
      // Every key is counted, so a refused call counts against the account and the address.
      const hits = await counter.hit(keys, rule.windowSeconds * 1000);
      const over = hits.find((hit) => hit.count > rule.max);
      if (!over) return;
      const seconds = Math.max(1, Math.ceil((over.resetAt - Date.now()) / 1000));
      reply.header('retry-after', String(seconds));
      throw httpError(
        429,
        `Too many requests: at most ${rule.max} per ${windowText(rule.windowSeconds)}; ` +
          `try again in ${seconds} s`,
      );
    };
    limiters.set(route, limiter);
  }

  if (shared && limiters.size > 0) {
    const forget = setInterval(() => {
      app.repos.rateLimits
        .forgetEnded()
        .catch((error: unknown) => app.log.warn({ err: error }, 'ended rate-limit windows kept'));
    }, FORGET_EVERY_MS);
    forget.unref();
    app.addHook('onClose', () => clearInterval(forget));
  }

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.url ?? route.path;
    for (const method of methods) {
      // A HEAD runs its GET's handler: it shares the GET's limit.
      const limiter = limiters.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);
      if (!limiter) continue;
      // First, before authentication: a flood of bad tokens is counted too.
      const existing = route.onRequest;
      route.onRequest = [limiter, ...(existing ? [existing].flat() : [])];
    }
  });
};

export default fp(rateLimits, { name: 'rate-limits' });
