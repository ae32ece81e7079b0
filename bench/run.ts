/**
 * `npm run bench`: the performance benches one after another (never at the same time, so the
 * figures hold on a noisy machine): bundle weights, catalogue throughput against a bare route,
 * timings at scale, and Lighthouse scores of the public pages. The reliability benches (fuzz,
 * crash, soak) run on their own.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib';

const parts = ['bundle', 'api', 'scale', 'lighthouse'];
let failed = false;
for (const part of parts) {
  console.log(`\n=== npm run bench:${part}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench', `${part}.ts`)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
