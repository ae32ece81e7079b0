/**
 * `npm run bench:scale`: the catalogue at 100,000 products / 20,000 users, on PGlite and on
 * PostgreSQL. Seeds the large data set when missing (`npm run seed:large`, idempotent), starts
 * the API server on it in production mode with the catalogue cache OFF (every request reaches
 * the database), then times requests one at a time (a single client, keep-alive) and prints
 * p50 / p99 / max for: the category endpoint's first page, deep pages (offset and cursor),
 * sorts and filters, the admin grid's page changes, and the whole unpaged category list.
 *
 * Where the data lives: PGlite in SCALE_DATA_DIR (default `.data-large`); PostgreSQL at
 * SCALE_DATABASE_URL (default: Debian's local cluster, database `cardealer_large`, created
 * when missing). SCALE_DB=pglite|postgres runs one only. BENCH_SCALE_N requests per case
 * (default 200). Ports 8580–8581.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../server/src/platform/db/client';
import { users } from '../server/src/platform/db/schema';
import { benchUid } from '../server/test/bench-users';
import { root, startServer, timeGets, type RunningServer, type Timing } from './lib';

export const BENCH_SECRET = 'bench-access-token-secret-0123456789abcdef';
export const BENCH_ADMIN = 'bench-admin@example.com';

export interface LargeTarget {
  kind: 'pglite' | 'postgres';
  /** Environment for the server and the seed script. */
  env: Record<string, string>;
}

/**
 * A signed access token, as GET /api/jwt would issue it (HS256, payload {email, uid}); the uid is
 * the one bench records carry (`benchUid`; a record without one is found by its e-mail).
 */
export function accessToken(email: string, secret = BENCH_SECRET): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const payload = { email, uid: benchUid(email), iat: now, exp: now + 3600 };
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** The PostgreSQL URL of the large data set, creating the database when missing; null: none. */
async function postgresUrl(): Promise<string | null> {
  let base = process.env.SCALE_DATABASE_URL;
  if (!base) {
    const found = spawnSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
      encoding: 'utf8',
    });
    if (found.status !== 0) return null;
    const url = new URL(found.stdout.trim());
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    const exists = await admin.query(`select 1 from pg_database where datname = 'cardealer_large'`);
    if (exists.rowCount === 0) await admin.query('create database cardealer_large');
    await admin.end();
    url.pathname = '/cardealer_large';
    base = url.toString();
  }
  return base;
}

/** The databases to measure, seeded with the large data set and a bench admin. */
export async function largeTargets(): Promise<LargeTarget[]> {
  const wanted = process.env.SCALE_DB;
  const targets: LargeTarget[] = [];
  if (!wanted || wanted === 'pglite') {
    const dataDir = process.env.SCALE_DATA_DIR ?? join(root, '.data-large');
    targets.push({ kind: 'pglite', env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
  }
  if (!wanted || wanted === 'postgres') {
    const url = await postgresUrl();
    if (url) targets.push({ kind: 'postgres', env: { DATABASE_URL: url } });
    else
      console.log('PostgreSQL: not available (no SCALE_DATABASE_URL, no local cluster); skipped');
  }
  for (const target of targets) {
    // Idempotent: seeds only when the data set is missing (and says how long it took).
    execFileSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'server', 'src', 'scripts', 'seed-large.ts')],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ...target.env, ACCESS_TOKEN_SECRET: BENCH_SECRET },
      },
    );
    const database = await openDatabase({
      databaseUrl: target.env.DATABASE_URL || undefined,
      pgliteDir: target.env.DATA_DIR ? join(target.env.DATA_DIR, 'pglite') : undefined,
    });
    await database.db
      .insert(users)
      .values({
        _id: 'bench-admin',
        name: 'Bench Admin',
        email: BENCH_ADMIN,
        userRole: 'Admin',
        userImg: '',
        userVerify: 'false',
      })
      .onConflictDoNothing();
    await database.close();
  }
  return targets;
}

/** Starts the API server on a large data set. */
export function startLarge(
  target: LargeTarget,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  return startServer(port, {
    ...target.env,
    ACCESS_TOKEN_SECRET: BENCH_SECRET,
    ...env,
  });
}

/** Times `n` sequential GETs of one URL (after a few warm-up requests). */
const time = (url: string, headers: Record<string, string>, n: number): Promise<Timing> =>
  timeGets(url, headers, n, Math.min(10, n));

interface Case {
  name: string;
  path: string;
  admin?: boolean;
  /** Fewer repetitions (the unpaged list is large). */
  n?: number;
  target: string;
}

async function measure(target: LargeTarget, port: number): Promise<void> {
  const n = Number(process.env.BENCH_SCALE_N ?? 200);
  const server = await startLarge(target, port, { CATALOGUE_CACHE_MS: '0' });
  try {
    const base = `${server.url}/api`;
    const admin = { authorization: `bearer ${accessToken(BENCH_ADMIN)}` };
    // A deep cursor: the one after the page at offset 24,000 (of about 25,000 BMWs).
    const deep = await fetch(`${base}/category-products/BMW?limit=24&offset=24000`);
    const cursor = deep.headers.get('x-next-cursor');
    const total = deep.headers.get('x-total-count');
    if (!cursor) throw new Error('no cursor after offset 24000: is the large data set there?');
    const cases: Case[] = [
      {
        name: 'category, first page (24)',
        path: '/category-products/BMW?limit=24',
        target: 'p50 ≤ 20, p99 ≤ 100',
      },
      {
        name: 'category, deep page by offset 24,000',
        path: '/category-products/BMW?limit=24&offset=24000',
        target: 'p50 ≤ 20, p99 ≤ 100',
      },
      {
        name: 'category, deep page by cursor (after 24,024)',
        path: `/category-products/BMW?limit=24&cursor=${cursor}`,
        target: 'p50 ≤ 20, p99 ≤ 100',
      },
      {
        name: 'category, cheapest first, first page',
        path: '/category-products/Ferrari?limit=24&sort=resalePrice&order=asc',
        target: 'p50 ≤ 20, p99 ≤ 100',
      },
      {
        name: 'category, condition Fair, first page',
        path: '/category-products/Tesla?limit=24&condition=Fair',
        target: 'p50 ≤ 20, p99 ≤ 100',
      },
      {
        name: 'admin grid: buyers page 300 (25), by name desc',
        path: '/users/buyers?limit=25&offset=7500&sort=name&order=desc',
        admin: true,
        target: '≤ 300',
      },
      {
        name: 'admin grid: buyers filtered "garcia", by email',
        path: '/users/buyers?limit=25&q=garcia&sort=email',
        admin: true,
        target: '≤ 300',
      },
      {
        name: 'admin grid: sellers page 2, by verified',
        path: '/users/sellers?limit=25&offset=25&sort=userVerify&order=desc',
        admin: true,
        target: '≤ 300',
      },
      {
        name: 'admin grid: sellers first page (no sort)',
        path: '/users/sellers?limit=25',
        admin: true,
        target: '≤ 300',
      },
      {
        name: 'before: whole category unpaged (spec array)',
        path: '/category-products/BMW',
        n: Math.min(n, 10),
        target: '(reference)',
      },
      {
        name: 'before: every buyer unpaged (spec array)',
        path: '/users/buyers',
        admin: true,
        n: Math.min(n, 10),
        target: '(reference)',
      },
    ];
    // A server that has been up a while: every case warmed first (WASM and JIT compiled,
    // pages in the database's buffers), then measured.
    for (let round = 0; round < 3; round++) {
      for (const c of cases) await time(`${base}${c.path}`, c.admin ? admin : {}, c.n ? 1 : 10);
    }
    console.log(
      `\n${target.kind}: ${total} BMW products; ${n} sequential requests per case, cache off; ` +
        `load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
    );
    const table: Record<string, string | number>[] = [];
    for (const c of cases) {
      const t = await time(`${base}${c.path}`, c.admin ? admin : {}, c.n ?? n);
      table.push({
        case: c.name,
        'p50 ms': t.p50,
        'p99 ms': t.p99,
        'max ms': t.max,
        'answer KB': Math.round(t.bytes / 102.4) / 10,
        'target ms': c.target,
      });
    }
    console.table(table);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const targets = await largeTargets();
  let port = 8580;
  for (const target of targets) await measure(target, port++);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
