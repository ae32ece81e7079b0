/**
 * Rate limits on the calls worth abusing (sign-in tokens, registration, uploads, bookings,
 * messages, VIN decoding, an admin's category changes, saving cars, reports, posting and changing
 * cars, the sitemap). Each limit counts per address always, and per account as well when an
 * access token is sent (VIN decoding counts only calls with a valid access token, so strangers'
 * 401s spend nothing): new accounts (they cost nothing) do not
 * buy an address more calls. A limit may have several windows (20 a minute and 200 a day), each
 * counted. Attached to the guarded routes as they are registered, so register this plugin before
 * them: the route files know nothing of it.
 */
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { CountedWindow, WindowHit } from './rate-limits-repository';
import { bearerToken } from '../caller/bearer-token';
import { clientNetwork } from './client-network';
import { httpError } from './errors';
import { WindowCounter, type WindowStore } from './window-counter';

/** At most `max` calls per `windowSeconds`, per caller; `max: 0` turns the window off. */
export interface RateLimitWindow {
  max: number;
  windowSeconds: number;
}

/** One window, or several that are all counted (a call over any of them is refused). */
export type RateLimitRule = RateLimitWindow | readonly RateLimitWindow[];

export type RateLimitName =
  | 'jwt'
  | 'users'
  | 'uploads'
  | 'orders'
  | 'messages'
  | 'messagesPerBooking'
  | 'vin'
  | 'categories'
  | 'savedCars'
  | 'savedSearches'
  | 'reports'
  | 'reviews'
  | 'moderation'
  | 'carPosts'
  | 'carEdits'
  | 'sitemaps'
  | 'account'
  | 'passwordResets'
  | 'emailConfirmations'
  | 'value'
  | 'emailChanges'
  | 'carViews'
  | 'imports';
export type RateLimits = Record<RateLimitName, RateLimitRule>;

/**
 * What each limit guards (`METHOD url` as registered) and whom it counts: `caller` counts the
 * address and the account; `booking` counts the account's calls on one booking (the `:id` of
 * the URL), or the address's when no account is named; `signed-in` counts the address before
 * authentication and the account after it, whichever token proved it (an ID token too).
 */
interface Guard {
  /** The route, or several counted together (one limit for all of them). */
  route: string | readonly string[];
  per: 'caller' | 'booking' | 'signed-in';
  /**
   * Counts only calls with a valid access token: the route answers the others 401 at once and
   * cheaply, and a stranger's 401s on an address must not use up the budget of a signed-in
   * person on it (an office, a phone network).
   */
  signedInOnly?: boolean;
  /** The 429's message; by default the limit and the wait in numbers. */
  message?: (window: RateLimitWindow, seconds: number) => string;
}

/** A wait as a person says it: '2 seconds', 'a minute', '12 minutes', 'an hour', '5 hours'. */
export function durationText(seconds: number): string {
  const say = (count: number, one: string, name: string) =>
    count === 1 ? `${one} ${name}` : `${count} ${name}s`;
  if (seconds < 60) return say(seconds, 'a', 'second');
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? say(minutes, 'a', 'minute') : say(Math.ceil(seconds / 3600), 'an', 'hour');
}

/**
 * The conversation shows this: a window of a minute or less says its length ('wait a minute'),
 * a longer one (the day's) how long is left.
 */
const tooManyMessages = (window: RateLimitWindow, seconds: number) =>
  `You are sending messages too fast: wait ${durationText(
    window.windowSeconds <= 60 ? window.windowSeconds : seconds,
  )}`;

export const RATE_LIMIT_GUARDS: Record<RateLimitName, Guard> = {
  jwt: { route: 'GET /api/jwt', per: 'caller' },
  /** An account made or changed: registration, its own settings and its dealer profile. */
  users: {
    route: ['PUT /api/users', 'PATCH /api/me', 'PUT /api/me/dealer', 'DELETE /api/me/dealer'],
    per: 'caller',
  },
  /** Registration uploads its photo with the sign-in provider's ID token, before /jwt. */
  uploads: { route: 'POST /image-host/1/upload', per: 'signed-in' },
  orders: { route: 'POST /api/orders', per: 'caller' },
  messages: { route: 'POST /api/orders/:id/messages', per: 'caller', message: tooManyMessages },
  messagesPerBooking: {
    route: 'POST /api/orders/:id/messages',
    per: 'booking',
    message: tooManyMessages,
  },
  vin: { route: 'GET /api/vin/:vin', per: 'caller', signedInOnly: true },
  /** An admin's category changes: each clears every replica's catalogue cache. */
  categories: {
    route: [
      'POST /api/admin/categories',
      'PATCH /api/admin/categories/:id',
      'DELETE /api/admin/categories/:id',
    ],
    per: 'caller',
  },
  /**
   * Saving a car (a heart pressed), and turning its alerts on or off: generous, a shopper may
   * press many in a minute.
   */
  savedCars: {
    route: ['PUT /api/saved-cars/:productId', 'PATCH /api/saved-cars/:productId'],
    per: 'caller',
  },
  /**
   * Saving, renaming, opening saved searches and changing how they (and saved cars) are mailed
   * (each save checks and counts a search).
   */
  savedSearches: {
    route: ['POST /api/saved-searches', 'PATCH /api/saved-searches/:id', 'PUT /api/alert-settings'],
    per: 'caller',
  },
  /** Reporting a listing or an account: it reaches a moderator, as messages reach a person. */
  reports: { route: 'POST /api/reports', per: 'caller' },
  /** Reviews and replies (each reaches another person): limited like messages. */
  reviews: {
    route: ['POST /api/orders/:id/review', 'POST /api/reviews/:id/reply'],
    per: 'caller',
  },
  /**
   * The moderators' actions on listings, reviews, reports and accounts (suspending), and an owner's
   * request for review: each tells a person (the owner, the reporters, a review's author).
   */
  moderation: {
    route: [
      'POST /api/admin/products/:id/hide',
      'POST /api/admin/products/:id/restore',
      'POST /api/admin/products/:id/keep-hidden',
      'POST /api/admin/reviews/:id/hide',
      'POST /api/admin/reports/:targetKind/:targetId/dismiss',
      'POST /api/products/:id/review-request',
      'POST /api/admin/users/:id/suspend',
      'POST /api/admin/users/:id/unsuspend',
    ],
    per: 'caller',
  },
  /** Posting a car: each joins the catalogue, its counts and the moderators' queue. */
  carPosts: { route: 'POST /api/category', per: 'caller' },
  /** Changing a car: each may reach everyone who saved it (a price drop's alert). */
  carEdits: { route: 'PATCH /api/products/:id', per: 'caller' },
  /** The sitemap's index and files, per address (a crawler reads a few dozen a day). */
  sitemaps: { route: ['GET /sitemap.xml', 'GET /sitemaps/:file'], per: 'caller' },
  /**
   * The account's own: signing out everywhere, deleting it (each a write that reaches the
   * provider and every replica) and downloading its data (a large read), together.
   */
  account: {
    route: ['POST /api/me/sign-out-everywhere', 'DELETE /api/me', 'GET /api/me/export'],
    per: 'caller',
  },
  /**
   * Asking for a password reset, per address: a 429 here tells nothing of any account (the
   * limit per e-mail is kept where the mail is sent, and answered like any other request).
   */
  passwordResets: {
    route: 'POST /api/password-reset',
    per: 'caller',
    message: () => 'Too many requests for a password reset from your network: try again later',
  },
  /** A confirmation mail asked for, and a confirmation link reported. */
  emailConfirmations: {
    route: ['POST /api/me/verification', 'POST /api/email-verification'],
    per: 'caller',
  },
  /** 'What's my car worth?', public: per address (a VIN's decode costs the server a thread's time). */
  value: { route: 'GET /api/value', per: 'caller' },
  /**
   * A change of e-mail asked for (each mails two addresses), and its links opened (each moves
   * the account's address), per account and address.
   */
  emailChanges: {
    route: ['POST /api/me/email', 'POST /api/email-change', 'POST /api/email-change/undo'],
    per: 'caller',
  },
  /** The web app's car view counting a view: a person opens a few cars a minute. */
  carViews: { route: 'POST /api/products/:id/view', per: 'caller' },
  /** A dealer's inventory imports: each upload, new matching, apply or discard. */
  imports: {
    route: [
      'POST /api/imports',
      'PUT /api/imports/:id/mapping',
      'POST /api/imports/:id/apply',
      'DELETE /api/imports/:id',
    ],
    per: 'caller',
  },
};

const windowText = (seconds: number) =>
  seconds % 60 === 0
    ? seconds === 60
      ? 'a minute'
      : `${seconds / 60} minutes`
    : `${seconds} seconds`;

/**
 * Whom the access token names: its account id (`uid`) when it carries one, else its e-mail;
 * null without a valid access token (none, an ID token or a bad one).
 */
export function tokenAccount(app: FastifyInstance, request: FastifyRequest): string | null {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    const payload = app.jwt.verify<{ email?: unknown; uid?: unknown }>(token);
    if (typeof payload.uid === 'string' && payload.uid !== '') return `uid:${payload.uid}`;
    return typeof payload.email === 'string' ? `email:${payload.email.toLowerCase()}` : null;
  } catch {
    return null;
  }
}

/** The URL's booking id as a key part (an id that cannot be one is refused later with a 400). */
function bookingId(request: FastifyRequest): string {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : 'invalid';
}

/** One window of one limit, and the keys a request counts against it. */
interface Counted {
  name: RateLimitName;
  window: RateLimitWindow;
  guard: Guard;
}

function keysOf(request: FastifyRequest, account: string | null, counted: Counted): string[] {
  const prefix = `${counted.name}/${counted.window.windowSeconds}s`;
  // An IPv6 caller counts per /64: one connection holds all of it.
  const network = clientNetwork(request.ip);
  if (counted.guard.per === 'booking') {
    return [`${prefix}:booking:${bookingId(request)}:${account ?? `ip:${network}`}`];
  }
  // A signed-in guard's account is counted after authentication (signedInKeys).
  const accountKeys =
    account && counted.guard.per === 'caller' ? [`${prefix}:user:${account}`] : [];
  return [`${prefix}:ip:${network}`, ...accountKeys];
}

/** A signed-in guard's key for the account authentication found (none: nothing to count). */
function signedInKeys(request: FastifyRequest, counted: Counted): string[] {
  const uid = request.caller?.uid;
  if (counted.guard.per !== 'signed-in' || !uid) return [];
  return [`${counted.name}/${counted.window.windowSeconds}s:user:uid:${uid}`];
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

/**
 * The limiter of one route: counts every window of every limit on it in one call, with the keys
 * `keys` gives (none: nothing counted).
 */
function limiterFor(
  counter: WindowStore,
  windows: Counted[],
  keys: (request: FastifyRequest, counted: Counted) => string[],
): onRequestHookHandler {
  return async (request, reply) => {
    const hits: (WindowHit & { counted: Counted })[] = windows.flatMap((counted) =>
      keys(request, counted).map((key) => ({
        key,
        windowMs: counted.window.windowSeconds * 1000,
        counted,
      })),
    );
    if (hits.length === 0) return;
    // Every key is counted, so a refused call counts against the account and the address.
    const counts: CountedWindow[] = await counter.hitWindows(hits);
    // Over several windows: the one that ends last says when to come back.
    let worst: { counted: Counted; resetAt: number } | null = null;
    for (const [i, count] of counts.entries()) {
      const { counted } = hits[i]!;
      if (count.count > counted.window.max && (!worst || count.resetAt > worst.resetAt)) {
        worst = { counted, resetAt: count.resetAt };
      }
    }
    if (!worst) return;
    const { counted, resetAt } = worst;
    const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    reply.header('retry-after', String(seconds));
    const { window, guard } = counted;
    throw httpError(
      429,
      guard.message?.(window, seconds) ??
        `Too many requests: at most ${window.max} per ${windowText(window.windowSeconds)}; ` +
          `try again in ${seconds} s`,
    );
  };
}

const rateLimits: FastifyPluginAsync<RateLimitOptions> = async (app, options) => {
  const shared = options.store === 'database';
  const counter: WindowStore = shared ? app.repos.rateLimits : new WindowCounter();
  const byRoute = new Map<string, Counted[]>();
  for (const [name, guard] of Object.entries(RATE_LIMIT_GUARDS) as [RateLimitName, Guard][]) {
    const rule = options.rateLimits?.[name];
    const windows = (rule ? [rule].flat() : []).filter((window) => window.max > 0);
    for (const window of windows) {
      for (const route of [guard.route].flat()) {
        byRoute.set(route, [...(byRoute.get(route) ?? []), { name, window, guard }]);
      }
    }
  }
  const beforeAuthentication = (request: FastifyRequest, counted: Counted) => {
    const account = tokenAccount(app, request);
    return account === null && counted.guard.signedInOnly ? [] : keysOf(request, account, counted);
  };
  const limiters = new Map(
    [...byRoute].map(([route, windows]) => [
      route,
      {
        onRequest: limiterFor(counter, windows, beforeAuthentication),
        preHandler: windows.some((counted) => counted.guard.per === 'signed-in')
          ? limiterFor(counter, windows, signedInKeys)
          : null,
      },
    ]),
  );

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
      route.onRequest = [limiter.onRequest, ...(existing ? [existing].flat() : [])];
      // The account an ID token proved is known only once authentication has run.
      if (limiter.preHandler) {
        const handlers = route.preHandler ? [route.preHandler].flat() : [];
        route.preHandler = [limiter.preHandler, ...handlers];
      }
    }
  });
};

export default fp(rateLimits, { name: 'rate-limits' });
