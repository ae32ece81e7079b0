/**
 * Security headers (helmet, with a Content-Security-Policy that fits the web app) and rate
 * limits on the calls worth abusing. Installed by `buildApp` before any route, so it sees every
 * route as it is registered: the route files themselves know nothing of it.
 */
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, httpError } from './auth/access';
import { API_PREFIX, DOCS_PREFIX } from './paths';

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

/** What the Content-Security-Policy must allow besides this origin. */
export interface CspOptions {
  /**
   * `production` signs in with hosted Firebase: its REST hosts, the Google API loader and the
   * auth domain's frame (Google sign-in popup). `demo` reaches the emulator on this origin.
   */
  mode: 'demo' | 'production';
  /** The Firebase auth domain (production), e.g. `my-project.firebaseapp.com`. */
  firebaseAuthDomain?: string;
  /** Further origins the web app calls (an API or image host on another origin). */
  connectSrc?: string[];
}

export const FIREBASE_CONNECT_SRC = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

/** The directives of the web app's Content-Security-Policy. */
export function cspDirectives(options: CspOptions): Record<string, string[]> {
  const production = options.mode === 'production';
  const authDomain = options.firebaseAuthDomain
    ? [`https://${options.firebaseAuthDomain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`]
    : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // No inline script, no eval. Hosted Firebase's popup sign-in loads Google's API loader.
    'script-src': ["'self'", ...(production ? ['https://apis.google.com'] : [])],
    'script-src-attr': ["'none'"],
    // MUI (emotion) injects <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Photos may be any https URL (imgbb, a Google profile photo); previews are blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(production ? FIREBASE_CONNECT_SRC : []),
      ...(options.connectSrc ?? []),
    ],
    'frame-src': production && authDomain.length ? authDomain : ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  // Behind TLS in production; `npm start` is plain http on any address of the machine.
  if (production) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** Swagger UI (its routes only): inline styles and the validator badge's image. */
export const DOCS_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'frame-ancestors': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'", 'https:'],
  'img-src': ["'self'", 'data:', 'https:'],
  'font-src': ["'self'", 'https:', 'data:'],
  'connect-src': ["'self'"],
};

export const IMAGE_FILES_PREFIX = '/image-host/i/';

export interface SecurityOptions {
  csp: CspOptions;
  /** Absent: no rate limit (tests and codegen build the app without them). */
  rateLimits?: Partial<RateLimits>;
}

const windowText = (seconds: number) =>
  seconds % 60 === 0
    ? seconds === 60
      ? 'a minute'
      : `${seconds / 60} minutes`
    : `${seconds} seconds`;

/**
 * Calls per key in fixed windows, in this process's memory (bounded: at 100,000 keys the expired
 * ones go, then all).
 */
export class WindowCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, windowMs: number): { count: number; resetAt: number } {
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

/**
 * The first text holding a NUL character (U+0000) in a parsed body, query or parameters, as a
 * field path, else null. PostgreSQL cannot store or compare it in text: left alone, it fails
 * the query (a 500). No field of ours has a use for it. Walked without recursion: a 64 KB body
 * can nest thousands of levels deep.
 */
function isWalkable(value: unknown): value is object {
  // Not a file's bytes (a buffer is walked byte by byte otherwise) nor a stream.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

export function fieldWithNul(value: unknown): string | null {
  // Nothing to walk (a GET's body): no stack, no set of seen objects.
  if (value === undefined || value === null) return null;
  const stack: [unknown, string][] = [[value, '']];
  const seen = new WeakSet<object>();
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (isWalkable(item) && !seen.has(item)) {
      // A multipart body holds file buffers and objects that refer back to each other: each
      // object is walked once.
      seen.add(item);
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || 'body';
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** Which set of security headers an answer carries. */
type SecurityHeaders = 'app' | 'api' | 'docs' | 'images';

/** The set of security headers for a request's URL (its path, perhaps followed by a query). */
function securityHeadersFor(url: string): SecurityHeaders {
  if (url.startsWith(DOCS_PREFIX) && ['', '/', '?'].includes(url.charAt(DOCS_PREFIX.length))) {
    return 'docs';
  }
  if (url.startsWith(IMAGE_FILES_PREFIX)) return 'images';
  if (url.startsWith(`${API_PREFIX}/`)) return 'api';
  return 'app';
}

/**
 * The API's JSON answers are never shown as a page: they get the headers that still matter for a
 * response that is not a document (OWASP's REST Security Cheat Sheet): a policy that allows
 * nothing, no framing, no MIME sniffing, no reads from other origins' pages, HTTPS only.
 * Helmet's document headers (opener policy, referrer policy, DNS prefetch, origin-agent
 * cluster, IE's download and XSS options) do nothing for JSON and cost every answer about
 * 0.8 KB, which the caller must read and parse too.
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
  },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers helmet sets for these options, worked out once. Helmet's middleware derives the
 * same strings again for every answer (and @fastify/helmet builds a new helmet per request for
 * a route with its own settings): about a fifth of a cached catalogue read's CPU time.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader(name: string) {
      return headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => (failure = error),
  );
  if (failure) throw failure;
  return headers;
}

/**
 * Sets the security headers (helmet's, on every response) and the rate limits. Call before any route is registered:
 * the route-level settings are attached in an onRoute hook.
 */
export async function installSecurity(
  app: FastifyInstance,
  options: SecurityOptions,
): Promise<void> {
  const helmetOptions: HelmetOptions = {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options.csp) },
    // Firebase's Google sign-in popup talks back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
  const headerSets: Record<SecurityHeaders, Record<string, string>> = {
    app: helmetHeaders(helmetOptions),
    api: helmetHeaders(API_HELMET_OPTIONS),
    docs: helmetHeaders({
      ...helmetOptions,
      contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP_DIRECTIVES },
    }),
    // Public pictures, like imgbb's: a web app on another origin may show them.
    images: helmetHeaders({
      ...helmetOptions,
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  };
  // Every answer, the not-found ones included, placed by its path (a few prefix tests: cheaper
  // than reading the route's options on every request).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headerSets[securityHeadersFor(request.url)]);
    done();
  });

  // Before validation, so the answer names the field whatever else is wrong with it.
  app.addHook('preValidation', (request, _reply, done) => {
    // The path and the query hold a NUL only if the URL does: percent-encoded, or raw from an
    // in-process request (the HTTP parser refuses a raw one). Most requests walk only their body.
    const url = request.url;
    const inUrl = url.includes('%00') || url.includes('\u0000');
    for (const part of inUrl ? [request.params, request.query, request.body] : [request.body]) {
      const field = fieldWithNul(part);
      if (field !== null) {
        done(httpError(400, `${field || 'request'}: must not contain the NUL character (U+0000)`));
        return;
      }
    }
    done();
  });

  // Each limit counts per address always, and per account as well when an access token is
  // sent: new accounts (they cost nothing) do not buy an address more calls.
  const limiters = new Map<string, onRequestHookHandler[]>();
  if (options.rateLimits) {
    const counter = new WindowCounter();
    for (const [route, name] of Object.entries(RATE_LIMITED_ROUTES)) {
      const rule = options.rateLimits[name];
      if (!rule || rule.max <= 0) continue;
      const limiter: onRequestHookHandler = (request, reply, done) => {
        const email = tokenEmail(app, request);
        const keys = [`${name}:ip:${request.ip}`, ...(email ? [`${name}:user:${email}`] : [])];
        // Every key is counted, so a refused call counts against the account and the address.
        const hits = keys.map((key) => counter.hit(key, rule.windowSeconds * 1000));
        const over = hits.find((hit) => hit.count > rule.max);
        if (!over) return done();
        const seconds = Math.max(1, Math.ceil((over.resetAt - Date.now()) / 1000));
        reply.header('retry-after', String(seconds));
        done(
          httpError(
            429,
            `Too many requests: at most ${rule.max} per ${windowText(rule.windowSeconds)}; ` +
              `try again in ${seconds} s`,
          ),
        );
      };
      limiters.set(route, [limiter]);
    }
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
      route.onRequest = [...limiter, ...(existing ? [existing].flat() : [])];
    }
  });
}
