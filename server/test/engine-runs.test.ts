/**
 * `npm test`'s two server runs between them run every server test file: the PostgreSQL run leaves
 * out the files whose subject does not depend on the engine (scripts/lib/engine-independent.ts),
 * the PGlite run beside it the races and server subjects the PostgreSQL run has
 * (scripts/lib/postgres-covered.ts). No file may be left out of both, and every pattern must still
 * name a file (a renamed file would otherwise run on both engines, or on neither).
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ENGINE_INDEPENDENT_TESTS, type LeftOutTests } from '../../scripts/lib/engine-independent';
import { COVERED_BY_POSTGRES_RUN } from '../../scripts/lib/postgres-covered';

const root = resolve(__dirname, '../..');

/** Every server test file, by its absolute path (as Jest matches its ignore patterns). */
const testFiles = (readdirSync(join(root, 'server'), { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join(root, 'server', file));

/** The files a list's patterns match (Jest's `<rootDir>` replaced as Jest does). */
function matched(list: LeftOutTests): Map<string, string[]> {
  return new Map(
    list.map(({ pattern }) => {
      const regex = new RegExp(pattern.replace('<rootDir>', root));
      return [pattern, testFiles.filter((file) => regex.test(file))];
    }),
  );
}

describe("the server runs of 'npm test'", () => {
  const onPGliteOnly = matched(ENGINE_INDEPENDENT_TESTS);
  const onPostgresOnly = matched(COVERED_BY_POSTGRES_RUN);

  it('finds the test files', () => {
    expect(testFiles.length).toBeGreaterThan(100);
    expect(testFiles).toContain(join(root, 'server', 'src', 'permissions.test.ts'));
  });

  it.each([
    ['left out on PostgreSQL', onPGliteOnly],
    ['left out on PGlite', onPostgresOnly],
  ])('names at least one file with each pattern %s', (_list, patterns) => {
    const stale = [...patterns].filter(([, files]) => files.length === 0).map(([p]) => p);
    expect(stale).toEqual([]);
  });

  it('leaves no file out of both runs', () => {
    const pgliteOnly = new Set([...onPGliteOnly.values()].flat());
    const both = [...onPostgresOnly.values()].flat().filter((file) => pgliteOnly.has(file));
    expect(both).toEqual([]);
  });
});
