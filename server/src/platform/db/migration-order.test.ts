/**
 * Drizzle's migrator applies, on a database that has migrations already, only those whose
 * journal time (`when`) is later than the newest one applied: a migration written with an
 * earlier time than the one before it would be skipped on every existing database (and only
 * there: a fresh one gets them all; it happened once). So the journal's times must rise
 * with its order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from './client';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const journalPath = join(migrationsFolder, 'meta', '_journal.json');
const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;

describe('the migrations, on a database already migrated', () => {
  it('record a later time for each migration than for the one before it', () => {
    const late = journal.entries.filter(
      (entry, i) => i > 0 && entry.when <= journal.entries[i - 1]!.when,
    );
    expect(late.map((entry) => entry.tag)).toEqual([]);
  });
});
