/**
 * Every write's effects are declared (platform/effects.ts): each domain's `effects.ts` names the
 * triggers it consumes, the queue tables its workers drain and the channels they listen on. This
 * holds the declarations to the migrated database and to the code, so that a trigger added,
 * dropped or renamed, a queue's worker moved, or a channel no longer heard fails here until its
 * domain's file (and docs/architecture.md's table of what a write sets off) says so.
 */
import { sql } from 'drizzle-orm';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { alertsEffects } from '../src/alerts/effects';
import { bookingsEffects } from '../src/bookings/effects';
import { carsEffects } from '../src/cars/effects';
import { insightsEffects } from '../src/insights/effects';
import { importsEffects } from '../src/imports/effects';
import { migrationsFolder, type Database } from '../src/platform/db/client';
import { platformEffects, type DomainEffects } from '../src/platform/effects';
import { searchEffects } from '../src/search/effects';
import { trustEffects } from '../src/trust/effects';
import { valuationEffects } from '../src/valuation/effects';
import { openTestDatabase } from './helper';

const DOMAINS: Record<string, DomainEffects> = {
  platform: platformEffects,
  valuation: valuationEffects,
  cars: carsEffects,
  search: searchEffects,
  bookings: bookingsEffects,
  trust: trustEffects,
  alerts: alertsEffects,
  insights: insightsEffects,
  imports: importsEffects,
};

const repoRoot = join(__dirname, '..', '..');
const serverSrc = join(repoRoot, 'server', 'src');
const triggers = Object.values(DOMAINS).flatMap((domain) => domain.triggers);
const queues = Object.values(DOMAINS).flatMap((domain) => domain.queues);
const channels = Object.values(DOMAINS).flatMap((domain) => domain.channels);

const migration = (file: string) => readFileSync(join(migrationsFolder, file), 'utf8');
const sourceOf = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

/** The server's source files, tests left out. */
function sourceFiles(folder = serverSrc): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The names of the constants that hold `channel` (`export const X = 'channel'`). */
function constantsNaming(channel: string, files: string[]): string[] {
  const pattern = new RegExp(`export const (\\w+) = '${channel}';`, 'g');
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(pattern)].map((match) => match[1]!),
  );
}

/** A trigger's timing as `TriggerEffect.fires` writes it, from pg_trigger's tgtype bits. */
function firesOf(type: number): string {
  const events = [
    [4, 'insert'],
    [16, 'update'],
    [8, 'delete'],
  ] as const;
  const named = events.filter(([bit]) => type & bit).map(([, name]) => name);
  return `${type & 2 ? 'before' : 'after'} ${named.join(' or ')}, each ${type & 1 ? 'row' : 'statement'}`;
}

interface DatabaseTrigger {
  name: string;
  table: string;
  type: number;
}

let database: Database;
let found: DatabaseTrigger[];

beforeAll(async () => {
  database = await openTestDatabase();
  const result = (await database.db.execute(sql`
    select tgname as name, tgrelid::regclass::text as "table", tgtype::int as type
    from pg_trigger where not tgisinternal order by tgname`)) as unknown as {
    rows: DatabaseTrigger[];
  };
  found = result.rows;
});

afterAll(async () => {
  await database?.close();
});

describe("the domains' declared effects", () => {
  it("are read from every domain's effects.ts", () => {
    const folders = sourceFiles()
      .filter((file) => basename(file) === 'effects.ts')
      .map((file) => relative(serverSrc, dirname(file)))
      .sort();
    expect(folders).toEqual(Object.keys(DOMAINS).sort());
  });

  it('name every trigger of the database, each in one domain', () => {
    const declared = triggers.map((trigger) => trigger.name);
    const inDatabase = found.map((trigger) => trigger.name);
    const undeclared = inDatabase.filter((name) => !declared.includes(name));
    const vanished = declared.filter((name) => !inDatabase.includes(name));
    const twice = declared.filter((name, i) => declared.indexOf(name) !== i);
    expect({ undeclared, vanished, twice }).toEqual({ undeclared: [], vanished: [], twice: [] });
  });

  it("give each trigger's table and timing as the database has them", () => {
    const wrong = triggers.flatMap((trigger) => {
      const real = found.find((row) => row.name === trigger.name);
      if (!real) return [];
      const actual = { table: real.table, fires: firesOf(real.type) };
      const stated = { table: trigger.table, fires: trigger.fires };
      return actual.table === stated.table && actual.fires === stated.fires
        ? []
        : [{ trigger: trigger.name, stated, actual }];
    });
    expect(wrong).toEqual([]);
  });

  it('name the migration that created each trigger', () => {
    const wrong = triggers
      .filter(
        (trigger) => !migration(trigger.migration).includes(`CREATE TRIGGER "${trigger.name}"`),
      )
      .map((trigger) => `${trigger.name} is not created in ${trigger.migration}`);
    expect(wrong).toEqual([]);
  });

  it('name queue tables that exist, each read by the worker named', async () => {
    const wrong: string[] = [];
    for (const queue of queues) {
      const result = (await database.db.execute(
        sql`select to_regclass(${queue.table}) is not null as found`,
      )) as unknown as { rows: { found: boolean }[] };
      if (!result.rows[0]?.found) wrong.push(`no table ${queue.table}`);
      if (!migration(queue.migration).includes(`"${queue.table}"`))
        wrong.push(`${queue.migration} does not name ${queue.table}`);
      if (!existsSync(join(repoRoot, queue.worker))) wrong.push(`no worker ${queue.worker}`);
      else if (!sourceOf(queue.worker).includes(queue.table))
        wrong.push(`${queue.worker} does not name ${queue.table}`);
    }
    expect(wrong).toEqual([]);
  });

  it('name channels that their migration notifies on and their worker listens to', () => {
    const files = sourceFiles();
    const wrong: string[] = [];
    for (const channel of channels) {
      if (!migration(channel.migration).includes(`pg_notify('${channel.name}'`))
        wrong.push(`${channel.migration} does not notify ${channel.name}`);
      if (!existsSync(join(repoRoot, channel.worker))) {
        wrong.push(`no worker ${channel.worker}`);
        continue;
      }
      // By its name, or by a constant that holds it.
      const code = sourceOf(channel.worker);
      const names = [`'${channel.name}'`, ...constantsNaming(channel.name, files)];
      if (!names.some((name) => new RegExp(`(^|\\W)${name}(\\W|$)`).test(code)))
        wrong.push(`${channel.worker} does not name ${channel.name}`);
    }
    expect(wrong).toEqual([]);
  });

  it('feed declared channels, and tables or columns that exist', async () => {
    const heard = new Set(channels.map((channel) => channel.name));
    const wrong: string[] = [];
    for (const target of new Set(triggers.flatMap((trigger) => trigger.feeds))) {
      if (heard.has(target)) continue;
      const [table, column] = target.split('.');
      const result = (await database.db.execute(sql`
        select count(*)::int as n from information_schema.columns
        where table_schema = 'public' and table_name = ${table}
          and (${column ?? null}::text is null or column_name = ${column ?? null})`)) as unknown as {
        rows: { n: number }[];
      };
      if (!result.rows[0]?.n) wrong.push(target);
    }
    expect(wrong).toEqual([]);
  });
});
