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
import type { RateLimits } from './platform/http/rate-limits';
import { rateLimits } from './config-rate-limits';
import type { CspOptions } from './platform/http/security-headers';

export type AppMode = 'demo' | 'production';

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
  /**
   * Cars a day an inventory import lists: a verified seller's (`IMPORT_VERIFIED_DAILY_CARS`,
   * default 2,000) and an unverified account's (`IMPORT_UNVERIFIED_DAILY_CARS`, default
   * NEW_SELLER_DAILY_CARS).
   */
  importAllowance: { verified: number; unverified: number };
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
    rateLimits: rateLimits((name, fallback, min, max) => int(env, name, fallback, min, max)),
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
    importAllowance: {
      verified: int(env, 'IMPORT_VERIFIED_DAILY_CARS', 2000, 0, 100_000),
      unverified: int(
        env,
        'IMPORT_UNVERIFIED_DAILY_CARS',
        int(env, 'NEW_SELLER_DAILY_CARS', 3, 0, 1000),
        0,
        100_000,
      ),
    },
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
