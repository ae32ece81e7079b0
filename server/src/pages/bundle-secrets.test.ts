/**
 * The web bundle holds no secret: only the public Firebase web config and the image host key
 * reach it (webpack's DefinePlugin takes an allow-list), no web source names a server secret,
 * and the built files in dist/ (built here when absent) contain no key, credential or the
 * access-token secret.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../platform/paths';
import { clientEnvKeys } from '../../../webpack.config';

/** Whatever a build may embed: each is public by design (README, .env.example). */
const PUBLIC_CLIENT_KEYS = [
  'APP_MODE',
  'API_ORIGIN',
  'IMAGE_HOST_URL',
  'IMAGE_HOST_KEY',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_APP_ID',
  'AUTH_EMULATOR_URL',
];

/** Server-side settings no web file may read. */
const SERVER_SECRETS = ['ACCESS_TOKEN_SECRET', 'GOOGLE_APPLICATION_CREDENTIALS', 'DATABASE_URL'];

/** Shapes of secrets: private keys, service-account files, credentials in URLs, cloud keys. */
const SECRET_PATTERNS: [string, RegExp][] = [
  ['a PEM private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['a service-account file', /"type"\s*:\s*"service_account"|"private_key(_id)?"\s*:/],
  ['a service-account email', /[a-z0-9-]+@[a-z0-9-]+\.iam\.gserviceaccount\.com/],
  ['a database URL with a password', /postgres(ql)?:\/\/[^:/\s"'`]+:[^@\s"'`]+@/],
  ['an AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['a server secret by name', new RegExp(`\\b(${SERVER_SECRETS.join('|')})\\b`)],
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the web bundle', () => {
  it('is configured from public values only', () => {
    expect([...clientEnvKeys].sort()).toEqual([...PUBLIC_CLIENT_KEYS].sort());
  });

  it('has no source that names a server secret', () => {
    const sources = filesUnder(join(repoRoot, 'src')).filter((f) => /\.(tsx?|jsx?)$/.test(f));
    const offenders = sources.filter((file) =>
      SERVER_SECRETS.some((name) => readFileSync(file, 'utf8').includes(name)),
    );
    expect(offenders).toEqual([]);
  });

  it('holds no key, credential or access-token secret in dist/', () => {
    const dist = join(repoRoot, process.env.WEB_ROOT || 'dist');
    if (!existsSync(join(dist, 'index.html'))) {
      const built = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(repoRoot, 'scripts', 'build.ts'), '--if-changed'],
        { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
      );
      if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
    }
    const secrets = [
      process.env.ACCESS_TOKEN_SECRET,
      ...['.data', '.data-e2e-8180']
        .map((folder) => join(repoRoot, folder, 'access-token-secret'))
        .filter((file) => existsSync(file))
        .map((file) => readFileSync(file, 'utf8').trim()),
    ].filter((secret): secret is string => Boolean(secret && secret.length >= 16));
    const files = filesUnder(dist).filter(
      (file) => !/\.(png|jpe?g|webp|gif|ico|woff2?)$/.test(file),
    );
    expect(files.length).toBeGreaterThan(0);
    const findings: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of SECRET_PATTERNS) {
        if (pattern.test(text)) findings.push(`${file}: ${what}`);
      }
      if (secrets.some((secret) => text.includes(secret))) {
        findings.push(`${file}: the access-token secret`);
      }
    }
    expect(findings).toEqual([]);
  }, 180_000);
});
