/**
 * `npm run cluster:restart`: restarts the replicas of the running `npm run start:cluster` (the
 * one whose data folder is DATA_DIR, default `.data-cluster`) one at a time, each only after the
 * one before is ready again, so no request fails. Waits until it is done and says how it went.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readRestartState, SUPERVISOR_FILE } from './lib/rolling-restart';

const root = resolve(__dirname, '..');
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data-cluster');
/** Three replicas, each its drain, its requests (at most 20 s) and its start: well within this. */
const TIMEOUT_MS = 10 * 60_000;

function supervisorPid(): number {
  try {
    const { pid } = JSON.parse(readFileSync(join(dataDir, SUPERVISOR_FILE), 'utf8')) as {
      pid: number;
    };
    process.kill(pid, 0);
    return pid;
  } catch {
    throw new Error(`no cluster runs with the data folder ${dataDir} (npm run start:cluster)`);
  }
}

async function main(): Promise<void> {
  const pid = supervisorPid();
  const asked = Date.now();
  process.kill(pid, 'SIGHUP');
  console.log('Restarting the replicas one at a time…');
  let shown = 0;
  const deadline = asked + TIMEOUT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    const state = readRestartState(dataDir);
    if (!state || state.startedAt < asked) continue;
    for (const name of state.restarted.slice(shown)) console.log(`  ${name}: restarted and ready`);
    shown = state.restarted.length;
    if (state.state === 'done') {
      console.log(`Done in ${((state.finishedAt! - state.startedAt) / 1000).toFixed(1)} s.`);
      return;
    }
    if (state.state === 'failed') throw new Error(state.message ?? 'the restart failed');
  }
  throw new Error(`not done within ${TIMEOUT_MS / 60_000} minutes: see ${dataDir}/logs`);
}

main().catch((error: unknown) => {
  console.error(`cluster:restart: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
