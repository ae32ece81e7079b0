import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEMPLATE_DB = 'cardealer_test_template';

/** Where the global setup leaves it for every worker (workers inherit the setup's environment). */
const SNAPSHOT_VARIABLE = 'CARDEALER_PGLITE_SNAPSHOT';

/**
 * The migrated, seeded PGlite snapshot of this test run, a tar without compression (each test file
 * opens it: gzip would add 0.2 s to every open). The global setup names it after its own
 * process and tells the workers through the environment: a worker's parent is not always the
 * process that ran the setup (one worker runs in the setup's process, several in children).
 */
export function snapshotPath(): string {
  const path = (process.env[SNAPSHOT_VARIABLE] ??= join(
    tmpdir(),
    'cardealer-tests',
    `pglite-snapshot-${process.pid}.tar`,
  ));
  return path;
}
