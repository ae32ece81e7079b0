import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { Client } from 'pg';
import { withDatabase } from '../../test/global-setup';
import { databaseKind } from '../../test/helper';
import { TEMPLATE_DB } from '../../test/paths';
import { migrationsFolder, openDatabase } from './client';

/** The migrations committed in server/drizzle (what the migrator must apply, each once). */
const committedMigrations = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));

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
        `CREATE DATABASE ${name}${kind === 'migrated' ? ` TEMPLATE ${TEMPLATE_DB}` : ''}`,
      );
      try {
        await run(withDatabase(url, name));
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
  });
} else {
  describe('a PGlite database (one process)', () => {
    it('migrates, and migrating again changes nothing', async () => {
      const pglite = await PGlite.create();
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
  });
}
