import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { buildApp } from '../../app';
import { firebaseAuth } from '../caller/firebase-admin';
import { loadServerConfig } from '../../config';
import { withDatabase } from '../../../test/global-setup';
import { databaseKind, emulatorHost, registerUser, TEST_IMAGE_KEY } from '../../../test/helper';
import { templateDatabase } from '../../../test/paths';
import { CuttableProxy } from '../../../test/cuttable-proxy';
import { TEST_PGLITE_INIT } from '../../../test/pglite-options';
import { createPglite, migrationsFolder, openDatabase } from './client';
import { ACCESS_TOKEN_SECRET_NAME, accessTokenSecret, sharedSecret } from './secrets';

/** The migrations committed in server/drizzle (what the migrator must apply, each once). */
const committedMigrations = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));

/** A replica as `main.ts` makes one: its own config (own data folder), pool and app. */
async function startReplica(databaseUrl: string): Promise<{
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cardealer-replica-'));
  const config = loadServerConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    signIn: firebaseAuth({ firebaseProjectId: 'demo-cardealer', authEmulatorHost: emulatorHost() }),
    accessTokenSecret: await accessTokenSecret(config.accessTokenSecret, database.db),
    accessTokenTtlSeconds: 3600,
    imageHostKey: TEST_IMAGE_KEY,
    imageDir: join(dataDir, 'images'),
  });
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

if (databaseKind === 'postgres') {
  describe('replicas on one PostgreSQL database', () => {
    const url = process.env.DATABASE_URL!;

    /**
     * A database of its own for one test, dropped again after it: empty (no migrations yet), or
     * migrated (a copy of the test run's template).
     */
    async function withDatabaseOfItsOwn(
      kind: 'empty' | 'migrated',
      run: (url: string) => Promise<void>,
    ): Promise<void> {
      const name = `cardealer_replicas_${randomBytes(6).toString('hex')}`;
      const admin = new Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        `CREATE DATABASE ${name}${kind === 'migrated' ? ` TEMPLATE ${templateDatabase()}` : ''}`,
      );
      try {
        await run(withDatabase(url, name));
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    }

    it('apply each migration once when three start together on a fresh database', async () => {
      await withDatabaseOfItsOwn('empty', async (fresh) => {
        const replicas = await Promise.all(
          [1, 2, 3].map(() => openDatabase({ databaseUrl: fresh })),
        );
        try {
          const outcomes = await Promise.allSettled(replicas.map((replica) => replica.migrate()));
          expect(outcomes.map((outcome) => outcome.status)).toEqual([
            'fulfilled',
            'fulfilled',
            'fulfilled',
          ]);
        } finally {
          await Promise.all(replicas.map((replica) => replica.close()));
        }
        const check = new Client({ connectionString: fresh });
        await check.connect();
        try {
          const applied = await check.query<{ hash: string; n: string }>(
            'select hash, count(*) as n from drizzle.__drizzle_migrations group by hash',
          );
          expect(applied.rows).toHaveLength(committedMigrations.length);
          expect(applied.rows.every((row) => row.n === '1')).toBe(true);
          // The schema is complete: the last migration's tables are there, and the first's.
          const tables = await check.query<{ table_name: string }>(
            "select table_name from information_schema.tables where table_schema = 'public'",
          );
          expect(tables.rows.map((row) => row.table_name)).toEqual(
            expect.arrayContaining([
              'users',
              'categories',
              'products',
              'orders',
              'app_secrets',
              'image_files',
              'rate_limit_windows',
            ]),
          );
        } finally {
          await check.end();
        }
      });
    });

    describe('the access-token secret', () => {
      it('is one secret however many replicas create it at once', async () => {
        await withDatabaseOfItsOwn('migrated', async (databaseUrl) => {
          const replicas = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl })));
          try {
            const secrets = await Promise.all(
              replicas.map((replica) => accessTokenSecret(undefined, replica.db)),
            );
            expect(new Set(secrets).size).toBe(1);
            expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
            // Asked again later, it is still that one.
            expect(await sharedSecret(replicas[0]!.db, ACCESS_TOKEN_SECRET_NAME)).toBe(secrets[0]);
          } finally {
            await Promise.all(replicas.map((replica) => replica.close()));
          }
        });
      });

      it("signs tokens one replica issues and another accepts, with no secret in either's data folder", async () => {
        await withDatabaseOfItsOwn('migrated', async (databaseUrl) => {
          const [first, second] = await Promise.all([
            startReplica(databaseUrl),
            startReplica(databaseUrl),
          ]);
          try {
            // Signed up through the first replica: ID token in, access token out (GET /api/jwt).
            const buyer = await registerUser(first.app, 'Buyer');
            const asked = await second.app.inject({
              method: 'GET',
              url: `/api/users/buyer/${encodeURIComponent(buyer.email)}`,
              headers: buyer.auth,
            });
            expect(asked.statusCode).toBe(200);
            expect(asked.json()).toEqual({ buyer: true });
            // And the other way round.
            const token = second.app.signAccessToken({ email: buyer.email, uid: buyer.uid });
            const back = await first.app.inject({
              method: 'GET',
              url: '/api/notifications',
              headers: { authorization: `bearer ${token}` },
            });
            expect(back.statusCode).toBe(200);
            for (const replica of [first, second]) {
              expect(existsSync(join(replica.dataDir, 'access-token-secret'))).toBe(false);
            }
          } finally {
            await Promise.all([first.close(), second.close()]);
          }
        });
      });
    });

    it('hears notices again after the database was out of reach for several seconds', async () => {
      // A TCP relay between the server and PostgreSQL, which the test takes down: every
      // connection through it is cut, and new ones are refused until it is back.
      const relay = await CuttableProxy.toUrl(url);

      const channel = `relisten_${randomBytes(4).toString('hex')}`;
      const database = await openDatabase({ databaseUrl: relay.url(url) });
      const heard: string[] = [];
      const stop = await database.listen(channel, (payload) => heard.push(payload));
      const notifier = new Client({ connectionString: url });
      await notifier.connect();
      /** Notifies until the listener hears it (or gives up after `ms`). */
      const heardWithin = async (payload: string, ms: number) => {
        const deadline = Date.now() + ms;
        while (!heard.includes(payload) && Date.now() < deadline) {
          await notifier.query('select pg_notify($1, $2)', [channel, payload]);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return heard.includes(payload);
      };
      try {
        expect(await heardWithin('before', 5_000)).toBe(true);

        // Out of reach for 2.5 s: the first attempt to listen again (after 1 s) is refused; the
        // next one comes 2 s later.
        await relay.refuse();
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await relay.restore();

        expect(await heardWithin('after', 15_000)).toBe(true);
      } finally {
        await notifier.end();
        await stop();
        await database.close();
        await relay.close();
      }
    }, 30_000);
  });
} else {
  describe('a PGlite data folder (one process)', () => {
    it('migrates, and migrating again changes nothing', async () => {
      const pglite = await createPglite(undefined, TEST_PGLITE_INIT);
      const database = await openDatabase({ pglite });
      try {
        await database.migrate();
        await database.migrate();
        const applied = await pglite.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(applied.rows[0]!.n).toBe(committedMigrations.length);
      } finally {
        await database.close();
      }
    });

    it('keeps its own access-token secret in the folder, the same across restarts', () => {
      const folders = [1, 2].map(() => mkdtempSync(join(tmpdir(), 'cardealer-replica-')));
      try {
        const [a, b] = folders.map((dataDir) => loadServerConfig({ DATA_DIR: dataDir }));
        expect(a!.accessTokenSecret).toEqual(expect.any(String));
        expect(a!.accessTokenSecret).not.toBe(b!.accessTokenSecret);
        expect(existsSync(join(folders[0]!, 'access-token-secret'))).toBe(true);
        expect(loadServerConfig({ DATA_DIR: folders[0]! }).accessTokenSecret).toBe(
          a!.accessTokenSecret,
        );
      } finally {
        for (const folder of folders) rmSync(folder, { recursive: true, force: true });
      }
    });
  });
}
