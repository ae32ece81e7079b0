/**
 * A throwaway PostgreSQL primary with one streaming standby for the standbys' tests (the
 * PostgreSQL run only): a tiny cluster of its own on free ports (initdb, fsync off), the app's
 * migrations and reference data on the primary, and `pg_basebackup -R` of it started as a hot
 * standby (scripts/lib/postgres-pair.ts). And an API process on it as `main.ts` makes one, with
 * its own connections to the primary and the standby, so a test can run two replicas.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startPostgresPair, type PostgresPair } from '../../scripts/lib/postgres-pair';
import type { AppOptions } from '../src/app';
import { openDatabase } from '../src/platform/db/client';
import type { StandbyOptions } from '../src/platform/db/standbys';
import { seedReferenceData } from '../src/scripts/reference-data';
import { testAppOn, type TestContext } from './helper';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
  });
}

/** Resolves once the standby has replayed what the primary has written (the migrations). */
async function caughtUp(pair: PostgresPair): Promise<void> {
  const primary = new Client({ connectionString: pair.primaryUrl });
  const standby = new Client({ connectionString: pair.standbyUrls[0] });
  await primary.connect();
  await standby.connect();
  try {
    const target = (await primary.query('select pg_current_wal_lsn() as lsn')).rows[0].lsn;
    const deadline = Date.now() + 30_000;
    const question = 'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done';
    while (!(await standby.query(question, [target])).rows[0].done) {
      if (Date.now() > deadline) throw new Error('the standby did not catch up within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await primary.end();
    await standby.end();
  }
}

export interface TestStandbyPair extends PostgresPair {
  /** A connection to the standby as its superuser (to pause its replay). */
  standbyAdmin(): Promise<Client>;
  /** A connection to the primary, outside the app. */
  primaryAdmin(): Promise<Client>;
}

/** The primary and its standby, the app's schema migrated and its reference data seeded. */
export async function startTestStandbyPair(): Promise<TestStandbyPair> {
  const dir = mkdtempSync(join(tmpdir(), 'cardealer-standbys-'));
  let pair: PostgresPair | undefined;
  try {
    pair = await startPostgresPair({
      dir,
      primaryPort: await freePort(),
      standbyPorts: [await freePort()],
      database: 'cardealer',
      fresh: true,
      unsafeFast: true,
    });
    const database = await openDatabase({ databaseUrl: pair.primaryUrl, poolSize: 2 });
    try {
      await database.migrate();
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    await caughtUp(pair);
    const connect = async (url: string) => {
      const client = new Client({ connectionString: url });
      // The standby is killed in a test: its connection's end is not an error of the test.
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    const { standbyUrls, primaryUrl } = pair;
    return {
      ...pair,
      standbyAdmin: () => connect(standbyUrls[0]!),
      primaryAdmin: () => connect(primaryUrl),
    };
  } catch (error) {
    await pair?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** An API process on the pair, as buildTestApp's. */
export type StandbyReplica = TestContext;

/** One API process on the pair: the primary for everything, the standby for the catalogue's reads. */
export async function standbyReplica(
  pair: TestStandbyPair,
  options: { standbys?: StandbyOptions; app?: Partial<AppOptions> } = {},
): Promise<StandbyReplica> {
  const database = await openDatabase({
    databaseUrl: pair.primaryUrl,
    readUrls: pair.standbyUrls,
    poolSize: 4,
    standbyOptions: options.standbys,
  });
  return testAppOn(database, {
    readDb: database.readDb,
    standbys: database.standbys,
    catalogueCacheMs: 1000,
    ...options.app,
  });
}
