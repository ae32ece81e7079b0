/**
 * Drizzle's migrator applies, on a database that has migrations already, only those whose
 * journal time (`when`) is later than the newest one applied: a migration written with an
 * earlier time than the one before it would be skipped on every existing database (and only
 * there: a fresh one gets them all). So a database some migrations behind must end up with every
 * one of them, and the journal's times must rise with its order.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createPglite, migrationsFolder } from './client';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const journalPath = join(migrationsFolder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;

describe('the migrations, on a database some of them behind', () => {
  it('record a later time for each migration than for the one before it', () => {
    const late = journal.entries.filter(
      (entry, i) => i > 0 && entry.when <= journal.entries[i - 1]!.when,
    );
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });

  it('are all applied to a database that had all but the last five', async () => {
    const older = mkdtempSync(join(tmpdir(), 'cardealer-migrations-'));
    const pglite = await createPglite();
    try {
      cpSync(migrationsFolder, older, { recursive: true });
      const behind: Journal = { ...journal, entries: journal.entries.slice(0, -5) };
      writeFileSync(join(older, 'meta', '_journal.json'), JSON.stringify(behind));
      const db = drizzle(pglite);
      await migrate(db, { migrationsFolder: older });
      await migrate(db, { migrationsFolder });
      const applied = await pglite.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.n).toBe(journal.entries.length);
    } finally {
      await pglite.close();
      rmSync(older, { recursive: true, force: true });
    }
  });
});
