import type { PGliteOptions } from '@electric-sql/pglite';
import { pgliteStartParams } from '../src/platform/db/client';

/**
 * How the tests' PGlite runs: a test database holds a few hundred rows, so 16 MB of shared
 * buffers instead of PGlite's 160 MB (the start then touches a tenth of the memory: an open
 * took 250 → 160 ms), and WAL segments of 1 MB instead of 16 with at most 4 MB kept, so the
 * snapshot every test opens is 14.5 MB instead of 27 (the open then took 125 ms). The server
 * itself keeps PGlite's defaults.
 */
export const TEST_PGLITE_START: Pick<PGliteOptions, 'startParams'> = {
  startParams: pgliteStartParams(
    ['shared_buffers=16MB', 'min_wal_size=2MB', 'max_wal_size=4MB'].flatMap((s) => ['-c', s]),
  ),
};

/** A new data folder (the global setup's, before its snapshot) with 1 MB WAL segments. */
export const TEST_PGLITE_INIT: Pick<PGliteOptions, 'initDbStartParams' | 'startParams'> = {
  ...TEST_PGLITE_START,
  initDbStartParams: ['--wal-segsize=1'],
};
