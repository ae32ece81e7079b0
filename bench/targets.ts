/** The databases a bench runs on: PGlite in a data folder, and PostgreSQL when there is one. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from '../server/src/platform/db/client';
import { root } from './lib';

export interface Target {
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
}

/** A database of its own (`name`) on the server `urlEnv` names, or on the local test cluster. */
async function postgresTarget(name: string, urlEnv: string): Promise<Target | null> {
  let base = process.env[urlEnv];
  if (!base) {
    const found = spawnSync('bash', [join(root, 'scripts', 'postgres-for-tests.sh')], {
      encoding: 'utf8',
    });
    if (found.status !== 0) return null;
    base = found.stdout.trim();
  }
  const admin = new Client({ connectionString: base });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { kind: 'postgres', env: { DATABASE_URL: url.toString() } };
}

/**
 * The targets `dbEnv` asks for (pglite, postgres; unset: both): PGlite in `.data-{bench}-{cars}`,
 * PostgreSQL in the database `cardealer_{bench}_{cars}`.
 */
export async function benchTargets(
  bench: string,
  cars: number,
  env: { db: string; url: string },
): Promise<Target[]> {
  const wanted = process.env[env.db];
  const found: Target[] = [];
  if (!wanted || wanted === 'pglite') {
    found.push({
      kind: 'pglite',
      env: { DATA_DIR: join(root, `.data-${bench}-${cars}`), DATABASE_URL: '' },
    });
  }
  if (!wanted || wanted === 'postgres') {
    const target = await postgresTarget(`cardealer_${bench}_${cars}`, env.url);
    if (target) found.push(target);
    else console.log(`PostgreSQL: not available (no ${env.url}, no local cluster)`);
  }
  return found;
}

/** Opens a target's database (its PGlite folder or its PostgreSQL database). */
export const openTarget = (target: Target) =>
  openDatabase({
    databaseUrl: target.env.DATABASE_URL || undefined,
    pgliteDir: target.env.DATA_DIR ? join(target.env.DATA_DIR, 'pglite') : undefined,
  });
