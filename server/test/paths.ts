import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEMPLATE_DB = 'cardealer_test_template';
export const snapshotPath = join(
  tmpdir(),
  'cardealer-tests',
  `pglite-snapshot-${process.ppid}.tar.gz`,
);
