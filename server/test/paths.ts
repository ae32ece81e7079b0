import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the global setup leaves it for every worker (workers inherit the setup's environment). */
const SNAPSHOT_VARIABLE = 'CARDEALER_PGLITE_SNAPSHOT';
/** The same for the PostgreSQL template database. */
const TEMPLATE_VARIABLE = 'CARDEALER_PG_TEMPLATE';

/**
 * The migrated, seeded PostgreSQL database of this test run, from which every test database is
 * cloned: named after the process that ran the global setup, as the PGlite snapshot is, so that
 * two runs on one cluster (two engineers, or a run beside CI's) each clone their own and neither
 * drops the other's. The global teardown drops it.
 */
export function templateDatabase(): string {
  return (process.env[TEMPLATE_VARIABLE] ??= `cardealer_test_template_${process.pid}`);
}

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
