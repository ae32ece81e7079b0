import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where the repository's root is, whatever the working directory. */
export const repoRoot = resolve(__dirname, '..', '..');

export type AppMode = 'demo' | 'production';

export interface ServerConfig {
  /** `demo` (the default) seeds demo accounts and cars; `production` seeds only categories. */
  mode: AppMode;
  host: string;
  port: number;
  /** The data folder: PGlite's files, stored images, the generated token secret, emulator export. */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite in `dataDir` is used. */
  databaseUrl: string | undefined;
  firebaseProjectId: string;
  /** host:port of the Firebase Auth emulator (development only). */
  authEmulatorHost: string | undefined;
  /** Secret that signs access tokens (generated into the data folder when unset). */
  accessTokenSecret: string;
  accessTokenTtlSeconds: number;
  /** The image host's API key (it ships in the client, so it is not a secret). */
  imageHostKey: string;
  /** The folder holding the built web app, served at `/`. */
  webRoot: string;
  logLevel: string;
}

export class ConfigError extends Error {}

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
    host: env.HOST || '0.0.0.0',
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir,
    databaseUrl,
    firebaseProjectId: env.FIREBASE_PROJECT_ID || 'demo-cardealer',
    authEmulatorHost,
    accessTokenSecret: secret ?? readOrCreateSecret(dataDir),
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', 3600, 60, 7 * 24 * 3600),
    imageHostKey: env.IMAGE_HOST_KEY || 'cardealer-demo-key',
    webRoot: resolve(repoRoot, env.WEB_ROOT || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
