/**
 * A rolling restart of the cluster's replicas (`npm run cluster:restart` asks the running
 * `npm run start:cluster` for one with SIGHUP): one replica at a time is told to stop (it leaves
 * HAProxy's rotation, finishes its requests and exits), started again and waited for until it is
 * ready and HAProxy has taken it back, before the next one goes. Its progress is written to
 * DATA_DIR/restart.json, which the restart command reads.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomically } from './atomic-file';
import { join } from 'node:path';
import type { Replica } from './cluster';
import { waitForHealth } from './processes';

/** HAProxy takes a replica back after two good checks a second apart: then the next one goes. */
export const REJOIN_MS = 2500;

/** What DATA_DIR/restart.json says of the last rolling restart. */
export interface RestartState {
  /** When it began (ms since the epoch). */
  startedAt: number;
  state: 'running' | 'done' | 'failed';
  /** The replicas restarted so far, by name. */
  restarted: string[];
  finishedAt?: number;
  message?: string;
}

export const RESTART_FILE = 'restart.json';
/** Where start:cluster writes its process id, for `npm run cluster:restart`. */
export const SUPERVISOR_FILE = 'cluster.json';

export function readRestartState(dataDir: string): RestartState | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, RESTART_FILE), 'utf8')) as RestartState;
  } catch {
    return null;
  }
}

/**
 * Restarts `replicas` in place, one at a time: `launch(i)` starts the i-th again (the same port
 * and data folder). Resolves when all are back; a replica that does not come back within
 * `readyTimeoutMs` stops the restart there (the others keep serving).
 */
export async function restartOneByOne(
  replicas: Replica[],
  launch: (index: number) => Replica,
  options: { dataDir: string; readyTimeoutMs?: number; rejoinMs?: number },
): Promise<void> {
  const state: RestartState = { startedAt: Date.now(), state: 'running', restarted: [] };
  const save = () =>
    writeFileAtomically(join(options.dataDir, RESTART_FILE), JSON.stringify(state, null, 2));
  save();
  try {
    for (let i = 0; i < replicas.length; i++) {
      const old = replicas[i];
      await old.stop();
      const fresh = launch(i);
      replicas[i] = fresh;
      await waitForHealth(
        `http://127.0.0.1:${fresh.port}/api/health/ready`,
        fresh.process,
        options.readyTimeoutMs ?? 120_000,
        fresh.name,
      );
      await new Promise((resolve) => setTimeout(resolve, options.rejoinMs ?? REJOIN_MS));
      state.restarted.push(fresh.name);
      save();
    }
    state.state = 'done';
  } catch (error) {
    state.state = 'failed';
    state.message = error instanceof Error ? error.message : String(error);
    throw error;
  } finally {
    state.finishedAt = Date.now();
    save();
  }
}

/**
 * Restarts `replicas` one by one at each SIGHUP (one restart at a time; none while the cluster
 * stops); `isRestarting(replica)` tells a replica stopped by a restart from one that died.
 * `afterEach` runs when a restart ended, however it ended (the cluster writes its roster).
 */
export function restartOnSignal(
  replicas: Replica[],
  options: { dataDir: string; isStopping: () => boolean; afterEach: () => void },
) {
  const restarting = new Set<Replica>();
  let running = false;
  const restart = async (launch: (index: number) => Replica) => {
    if (running || options.isStopping()) return;
    running = true;
    console.log('Restarting the replicas one at a time…');
    for (const replica of replicas) restarting.add(replica);
    try {
      await restartOneByOne(replicas, launch, { dataDir: options.dataDir });
      console.log('Every replica restarted.');
    } catch (error) {
      console.error(`The rolling restart stopped: ${(error as Error).message}`);
    } finally {
      restarting.clear();
      running = false;
      options.afterEach();
    }
  };
  return {
    isRestarting: (replica: Replica) => restarting.has(replica),
    listen: (launch: (index: number) => Replica) =>
      process.on('SIGHUP', () => void restart(launch)),
  };
}
