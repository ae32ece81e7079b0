import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_MARKET_TRUST as MARKET, type MarketTrust } from './valuation/market-trust';
import { DEFAULT_VIN_BUDGET_MS } from './vehicles/vin-decoder';
import { imageWorkSettings } from './config-images';
import { opsSettings, type OpsSettings } from './config-ops';
import { DEFAULT_POOL_SIZE } from './platform/db/client';
import { MAX_STREAMS_PER_ADDRESS } from './platform/events/stream-limit';
import type { ImageWorkLimits } from './images/image-work';
import { repoRoot } from './platform/paths';
import type { RateLimits, RateLimitWindow } from './platform/http/rate-limits';
import type { CspOptions } from './platform/http/security-headers';

export type AppMode = 'demo' | 'production';

/**
 * The defaults `npm start` runs with (per minute, per user or address). Generous for a person
 * (the web app asks for a token once per sign-in and per hour; a booking or an upload is a
 * deliberate act), tight for a script.
 */
export const DEFAULT_RATE_LIMITS = {
  jwt: { max: 30, windowSeconds: 60 },
  users: { max: 20, windowSeconds: 60 },
  uploads: { max: 20, windowSeconds: 60 },
  orders: { max: 10, windowSeconds: 60 },
  /** A conversation's messages per account: a minute's and a day's. */
  messages: [
    { max: 20, windowSeconds: 60 },
    { max: 200, windowSeconds: 24 * 3600 },
  ],
  /** An account's messages in one booking's conversation. */
  messagesPerBooking: { max: 10, windowSeconds: 60 },
  /** VIN decodes per account (each costs the server a few dozen queries): a minute's, a day's. */
  vin: [
    { max: 30, windowSeconds: 60 },
    { max: 300, windowSeconds: 24 * 3600 },
  ],
  /** An admin's category changes (adding, editing, moving, deleting), together. */
  categories: { max: 30, windowSeconds: 60 },
  /** Saving cars (each heart pressed): a shopper going down a page of results stays well under. */
  savedCars: { max: 120, windowSeconds: 60 },
  /** An account's saves, renames and opens of saved searches, together. */
  savedSearches: { max: 60, windowSeconds: 60 },
  /** Reports of listings and accounts per account, as messages: a minute's and a day's. */
  reports: [
    { max: 10, windowSeconds: 60 },
    { max: 50, windowSeconds: 24 * 3600 },
  ],
  /** An account's reviews and replies, together: a minute's and a day's (as messages). */
  reviews: [
    { max: 20, windowSeconds: 60 },
    { max: 200, windowSeconds: 24 * 3600 },
  ],
  /** A moderator's actions on listings, reviews and reports, and owners' requests for review. */
  moderation: { max: 60, windowSeconds: 60 },
  /** Cars posted (a minute's and a day's): an honest seller lists a few; dealers' stock is imported. */
  carPosts: [
    { max: 20, windowSeconds: 60 },
    { max: 200, windowSeconds: 24 * 3600 },
  ],
  /** Changes to cars for sale (each may alert the car's savers): a minute's and a day's. */
  carEdits: [
    { max: 30, windowSeconds: 60 },
    { max: 300, windowSeconds: 24 * 3600 },
  ],
  /** The sitemap's index and files per address: a crawler reads a few dozen a day. */
  sitemaps: { max: 60, windowSeconds: 60 },
  /** Signing out everywhere, deleting the account and downloading its data, together, an hour. */
  account: { max: 10, windowSeconds: 3600 },
  /** Requests for a password reset per address (each e-mail gets at most 3 mails an hour). */
  passwordResets: { max: 20, windowSeconds: 3600 },
  /** Confirmation mails asked for and confirmation links reported, per account and address. */
  emailConfirmations: { max: 10, windowSeconds: 60 },
} as const satisfies RateLimits;

export interface ServerConfig {
  /** `demo` (the default) seeds demo accounts and cars; `production` seeds only categories. */
  mode: AppMode;
  host: string;
  port: number;
  /**
   * The data folder: PGlite's files, stored images (on PGlite; with `databaseUrl` they are kept in
   * the database), the generated token secret, emulator export.
   */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  /**
   * Streaming standbys of `databaseUrl` (`DATABASE_READ_URL`, one or a comma-separated list): the
   * catalogue's reads go to them; empty: everything on the primary.
   */
  databaseReadUrls: string[];
  /** PostgreSQL connections one server process keeps at most (and per standby). */
  databasePoolSize: number;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator (development only). */
  authEmulatorHost: string | undefined;
  /**
   * Secret that signs access tokens. When ACCESS_TOKEN_SECRET is unset: generated into the data
   * folder with PGlite; undefined with DATABASE_URL (demo mode), meaning the one secret every
   * replica shares is read from the database (db/secrets.ts) once it is open.
   */
  accessTokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  /** The image host's API key (it ships in the client, so it is not a secret). */
  imageHostKey: string;
  /** Image work at once and waiting, its time and pixel bounds (config-images.ts). */
  imageWork: ImageWorkLimits;
  /** The folder holding the built web app, served at `/`. */
  webRoot: string;
  logLevel: string;
  /**
   * Per account (or address) limits of `/jwt`, `PUT /users`, uploads, bookings, messages and VIN
   * decodes.
   */
  rateLimits: RateLimits;
  /** Failed password sign-ins per address through the emulator proxy (demo mode). */
  signInThrottle: { max: number; windowSeconds: number };
  /** Sign-ups per address through the emulator proxy (demo mode): `RATE_LIMIT_SIGN_UP`. */
  signUpThrottle: { max: number; windowSeconds: number };
  /** What the web app's Content-Security-Policy allows besides this origin. */
  contentSecurityPolicy: CspOptions;
  /** Proxies in front of the server whose X-Forwarded-For is believed (hops; 0: none). */
  trustProxyHops: number;
  /** Metrics' port and the drain before a shutdown (config-ops.ts). */
  ops: OpsSettings;
  /** SMTP server for the e-mails (`smtp://…`); unset: demo mode writes `.eml` files. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people open the app (absolute links in e-mails). */
  publicOrigin: string;
  /** Origins car photos may come from besides this one (the image host's display origin). */
  imageOrigins: string[];
  /** The UTC hour (0–23) from which each day's alert digests are mailed (`ALERT_DIGEST_HOUR`). */
  alertDigestHour: number;
  /**
   * Cars a new account posts freely on its first 24 hours; its later ones wait for a moderator's
   * approval (`NEW_SELLER_DAILY_CARS`, default 3; 0 turns it off).
   */
  newSellerDailyCars: number;
  /**
   * Live event streams one address holds open on one server process at most
   * (`RATE_LIMIT_STREAMS_PER_ADDRESS`, default 20; 0: no limit): more answer 429.
   */
  streamsPerAddress: number;
  /** The longest a VIN decode's caller waits, in line and decoding (`VIN_DECODE_BUDGET_MS`). */
  vinDecodeBudgetMs: number;
  /** How the market values weigh sellers, and a burst of new accounts' listings (market-trust.ts). */
  marketTrust: MarketTrust;
}

export class ConfigError extends Error {}

/** 127.0.0.1, ::1, localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return /^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(host);
}

/** What the start banner says when demo mode listens beyond this machine. */
export const OPEN_DEMO_WARNING =
  'demo mode is open to the network: its accounts and password are public and its sign-in is ' +
  'an emulator. It is not for strangers.';

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'access-token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * `RATE_LIMIT_<NAME>` calls (0: no limit) per `RATE_LIMIT_WINDOW_SECONDS`. Messages: an account's
 * `RATE_LIMIT_MESSAGES` a minute and `RATE_LIMIT_MESSAGES_DAY` a day, and in one booking's
 * conversation `RATE_LIMIT_MESSAGES_BOOKING` a minute. VIN decodes: `RATE_LIMIT_VIN` a minute and
 * `RATE_LIMIT_VIN_DAY` a day. An admin's category changes: `RATE_LIMIT_CATEGORIES`. Saving cars:
 * `RATE_LIMIT_SAVED_CARS`. Saved searches' saves, renames and opens: `RATE_LIMIT_SAVED_SEARCHES`.
 * Reports of listings and accounts: `RATE_LIMIT_REPORTS` a minute and `RATE_LIMIT_REPORTS_DAY` a day.
 * Reviews and replies: `RATE_LIMIT_REVIEWS` a minute and `RATE_LIMIT_REVIEWS_DAY` a day.
 * Moderators' actions and owners' requests for review: `RATE_LIMIT_MODERATION`. Cars posted:
 * `RATE_LIMIT_CAR_POSTS` a minute and `RATE_LIMIT_CAR_POSTS_DAY` a day; cars changed: the same
 * with `RATE_LIMIT_CAR_EDITS`. The sitemap's index and files per address: `RATE_LIMIT_SITEMAPS`.
 * An account's own sign-outs everywhere, deletes and downloads: `RATE_LIMIT_ACCOUNT` an hour.
 * Requests for a password reset per address: `RATE_LIMIT_PASSWORD_RESETS` an hour. Confirmation
 * mails asked for and links reported: `RATE_LIMIT_EMAIL_CONFIRMATIONS`.
 */
function rateLimits(env: Env): RateLimits {
  const windowSeconds = int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 24 * 3600);
  const max = (name: string, fallback: number) => int(env, name, fallback, 0, 1_000_000);
  const rule = (name: string, fallback: number) => ({ max: max(name, fallback), windowSeconds });
  const { messagesPerBooking } = DEFAULT_RATE_LIMITS;
  /** `<name>` a minute and `<name>_DAY` a day. */
  const minuteAndDay = (name: string, [minute, day]: readonly RateLimitWindow[]) => [
    { max: max(name, minute!.max), windowSeconds: minute!.windowSeconds },
    { max: max(`${name}_DAY`, day!.max), windowSeconds: day!.windowSeconds },
  ];
  return {
    jwt: rule('RATE_LIMIT_JWT', DEFAULT_RATE_LIMITS.jwt.max),
    users: rule('RATE_LIMIT_USERS', DEFAULT_RATE_LIMITS.users.max),
    uploads: rule('RATE_LIMIT_UPLOADS', DEFAULT_RATE_LIMITS.uploads.max),
    orders: rule('RATE_LIMIT_ORDERS', DEFAULT_RATE_LIMITS.orders.max),
    messages: minuteAndDay('RATE_LIMIT_MESSAGES', DEFAULT_RATE_LIMITS.messages),
    messagesPerBooking: {
      max: max('RATE_LIMIT_MESSAGES_BOOKING', messagesPerBooking.max),
      windowSeconds: messagesPerBooking.windowSeconds,
    },
    vin: minuteAndDay('RATE_LIMIT_VIN', DEFAULT_RATE_LIMITS.vin),
    categories: rule('RATE_LIMIT_CATEGORIES', DEFAULT_RATE_LIMITS.categories.max),
    savedCars: rule('RATE_LIMIT_SAVED_CARS', DEFAULT_RATE_LIMITS.savedCars.max),
    savedSearches: rule('RATE_LIMIT_SAVED_SEARCHES', DEFAULT_RATE_LIMITS.savedSearches.max),
    reports: minuteAndDay('RATE_LIMIT_REPORTS', DEFAULT_RATE_LIMITS.reports),
    reviews: minuteAndDay('RATE_LIMIT_REVIEWS', DEFAULT_RATE_LIMITS.reviews),
    moderation: rule('RATE_LIMIT_MODERATION', DEFAULT_RATE_LIMITS.moderation.max),
    carPosts: minuteAndDay('RATE_LIMIT_CAR_POSTS', DEFAULT_RATE_LIMITS.carPosts),
    carEdits: minuteAndDay('RATE_LIMIT_CAR_EDITS', DEFAULT_RATE_LIMITS.carEdits),
    sitemaps: rule('RATE_LIMIT_SITEMAPS', DEFAULT_RATE_LIMITS.sitemaps.max),
    account: {
      max: max('RATE_LIMIT_ACCOUNT', DEFAULT_RATE_LIMITS.account.max),
      windowSeconds: DEFAULT_RATE_LIMITS.account.windowSeconds,
    },
    passwordResets: {
      max: max('RATE_LIMIT_PASSWORD_RESETS', DEFAULT_RATE_LIMITS.passwordResets.max),
      windowSeconds: DEFAULT_RATE_LIMITS.passwordResets.windowSeconds,
    },
    emailConfirmations: rule(
      'RATE_LIMIT_EMAIL_CONFIRMATIONS',
      DEFAULT_RATE_LIMITS.emailConfirmations.max,
    ),
  };
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^smtps?:\/\/[^\s]+$/.test(raw)) {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  return raw;
}

/** The origin of an absolute http(s) URL, else null (a path on this origin). */
function originOf(name: string, raw: string | undefined): string | null {
  if (!raw || raw.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be a path or an http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${name} must be a path or an http(s) URL (got "${raw}")`);
  }
  return url.origin;
}

/**
 * The display origins of the configured image host (`IMAGE_HOST_URL`), where car photos may
 * come from besides this origin: imgbb's upload API answers photos on https://i.ibb.co; another
 * absolute host, its own origin; this API's own image host (a path), none.
 */
export function imageDisplayOrigins(env: Env): string[] {
  const origin = originOf('IMAGE_HOST_URL', env.IMAGE_HOST_URL);
  if (origin === null) return [];
  return new URL(origin).hostname === 'api.imgbb.com' ? ['https://i.ibb.co'] : [origin];
}

/** The web app's other origins (the same variables its build reads) plus CSP_CONNECT_SRC. */
function contentSecurityPolicy(env: Env, mode: AppMode): CspOptions {
  const extra = (env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean);
  for (const source of extra) {
    if (!/^https?:\/\/[^\s;,']+$/.test(source)) {
      throw new ConfigError(`CSP_CONNECT_SRC must list http(s) origins (got "${source}")`);
    }
  }
  const origins = [
    originOf('API_ORIGIN', env.API_ORIGIN),
    originOf('IMAGE_HOST_URL', env.IMAGE_HOST_URL),
    mode === 'demo' ? originOf('AUTH_EMULATOR_URL', env.AUTH_EMULATOR_URL) : null,
  ].filter((origin): origin is string => origin !== null);
  return {
    mode,
    firebaseAuthDomain: env.FIREBASE_AUTH_DOMAIN || undefined,
    connectSrc: [...new Set([...origins, ...extra])],
  };
}

/** `DATABASE_READ_URL`: PostgreSQL URLs, only beside DATABASE_URL (standbys of that primary). */
function databaseReadUrls(raw: string | undefined, databaseUrl: string | undefined): string[] {
  const urls = (raw ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  if (urls.length === 0) return [];
  if (!databaseUrl) {
    throw new ConfigError(
      'DATABASE_READ_URL names standbys of the PostgreSQL of DATABASE_URL: set DATABASE_URL too (or unset DATABASE_READ_URL)',
    );
  }
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/[^\s]+$/.test(url)) {
      throw new ConfigError(
        'DATABASE_READ_URL must be a postgres:// or postgresql:// URL, or a comma-separated list of them',
      );
    }
  }
  return urls;
}

/** Reads and validates the server's configuration; throws ConfigError with a clear message. */
export function loadServerConfig(env: Env = process.env): ServerConfig {
  const mode = (env.APP_MODE ?? 'demo') as AppMode;
  if (mode !== 'demo' && mode !== 'production') {
    throw new ConfigError(`APP_MODE must be "demo" or "production" (got "${env.APP_MODE}")`);
  }
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
  if (mode === 'production' && authEmulatorHost) {
    throw new ConfigError(
      'FIREBASE_AUTH_EMULATOR_HOST is set in production mode: the Admin SDK would accept unsigned tokens. Unset it.',
    );
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const dataDir = resolve(repoRoot, env.DATA_DIR || '.data');
  const secret = env.ACCESS_TOKEN_SECRET || undefined;
  if (secret !== undefined && secret.length < 32) {
    throw new ConfigError('ACCESS_TOKEN_SECRET must be at least 32 characters');
  }
  if (mode === 'production' && !secret && databaseUrl) {
    // Several replicas share one database: they must share the secret too.
    throw new ConfigError('ACCESS_TOKEN_SECRET must be set in production mode with DATABASE_URL');
  }
  return {
    mode,
    // Demo mode is for this machine: loopback unless HOST says otherwise (the banner then warns).
    host: env.HOST || (mode === 'demo' ? '127.0.0.1' : '0.0.0.0'),
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir,
    databaseUrl,
    databaseReadUrls: databaseReadUrls(env.DATABASE_READ_URL, databaseUrl),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', DEFAULT_POOL_SIZE, 1, 1000),
    firebaseProjectId: env.FIREBASE_PROJECT_ID || 'demo-cardealer',
    authEmulatorHost,
    // Replicas on one database share its secret; a data folder is one replica's own.
    accessTokenSecret: secret ?? (databaseUrl ? undefined : readOrCreateSecret(dataDir)),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600, 60, 7 * 24 * 3600),
    imageHostKey: env.IMAGE_HOST_KEY || 'cardealer-demo-key',
    imageWork: imageWorkSettings((name, ...bounds) => int(env, name, ...bounds)),
    webRoot: resolve(repoRoot, env.WEB_ROOT || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    rateLimits: rateLimits(env),
    signInThrottle: {
      max: int(env, 'RATE_LIMIT_SIGN_IN', 10, 0, 1_000_000),
      windowSeconds: int(env, 'RATE_LIMIT_SIGN_IN_WINDOW_SECONDS', 15 * 60, 1, 24 * 3600),
    },
    signUpThrottle: {
      max: int(env, 'RATE_LIMIT_SIGN_UP', 10, 0, 1_000_000),
      windowSeconds: int(env, 'RATE_LIMIT_SIGN_UP_WINDOW_SECONDS', 3600, 1, 24 * 3600),
    },
    contentSecurityPolicy: contentSecurityPolicy(env, mode),
    trustProxyHops: int(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    ops: opsSettings(
      env,
      (name, ...bounds) => int(env, name, ...bounds),
      int(env, 'PORT', 8080, 0, 65535),
      int(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    ),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'CarDealer <no-reply@cardealer.local>',
    imageOrigins: imageDisplayOrigins(env),
    alertDigestHour: int(env, 'ALERT_DIGEST_HOUR', 7, 0, 23),
    newSellerDailyCars: int(env, 'NEW_SELLER_DAILY_CARS', 3, 0, 1000),
    streamsPerAddress: int(
      env,
      'RATE_LIMIT_STREAMS_PER_ADDRESS',
      MAX_STREAMS_PER_ADDRESS,
      0,
      1_000_000,
    ),
    vinDecodeBudgetMs: int(env, 'VIN_DECODE_BUDGET_MS', DEFAULT_VIN_BUDGET_MS, 100, 60_000),
    marketTrust: {
      establishedDays: int(env, 'MARKET_ESTABLISHED_DAYS', MARKET.establishedDays, 0, 3650),
      newAccountPercent: int(env, 'MARKET_NEW_ACCOUNT_PERCENT', MARKET.newAccountPercent, 0, 100),
      sellerCars: int(env, 'MARKET_SELLER_CARS', MARKET.sellerCars, 0, 1_000_000),
      burstAccounts: int(env, 'LISTING_BURST_ACCOUNTS', MARKET.burstAccounts, 0, 1000),
      burstHours: int(env, 'LISTING_BURST_HOURS', MARKET.burstHours, 1, 24 * 30),
      burstPricePercent: int(env, 'LISTING_BURST_PRICE_PERCENT', MARKET.burstPricePercent, 0, 100),
    },
    publicOrigin:
      originOf('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN) ??
      `http://localhost:${int(env, 'PORT', 8080, 0, 65535)}`,
  };
}
