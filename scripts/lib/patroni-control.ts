/**
 * Faults and questions for the Patroni cluster of `STANDBYS=1 npm run start:cluster` (its
 * DATA_DIR/patroni.json) or of a benchmark's own (scripts/lib/patroni.ts): who is the primary
 * (Patroni's REST `GET /cluster`), kill the primary's node (its Patroni and its postmaster, both
 * SIGKILL: a postmaster killed alone is only restarted by its Patroni), wait for the promotion,
 * start a node again and wait until it follows the new primary.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPERVISOR_FILE } from './rolling-restart';
import {
  nodePostmaster,
  primaryAnswers,
  ROSTER_FILE,
  waitFor,
  type PatroniNode,
  type PatroniRoster,
} from './patroni';

/** One member as Patroni's `GET /cluster` lists it. */
export interface Member {
  name: string;
  /** `leader`, `sync_standby` or `replica`. */
  role: string;
  /** `running`, `streaming`, `starting`, `stopped`, … */
  state: string;
  timeline?: number;
  /** Bytes behind the leader (standbys). */
  lag?: number | string;
}

/** The roster start:cluster wrote to its data folder. */
export function readRoster(dataDir: string): PatroniRoster {
  return JSON.parse(readFileSync(join(dataDir, ROSTER_FILE), 'utf8')) as PatroniRoster;
}

/** The members as the first node that answers sees them (none: no Patroni answers). */
export async function members(nodes: PatroniNode[]): Promise<Member[]> {
  for (const node of nodes) {
    try {
      const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, {
        signal: AbortSignal.timeout(1000),
      });
      if (response.ok) return ((await response.json()) as { members: Member[] }).members;
    } catch {
      // That node is down: ask the next.
    }
  }
  return [];
}

/** The node that leads and runs now (null: none, as during a failover). */
export async function whoIsPrimary(nodes: PatroniNode[]): Promise<string | null> {
  const leader = (await members(nodes)).find(
    (member) => member.role === 'leader' && member.state === 'running',
  );
  return leader?.name ?? null;
}

function kill(pid: number | null | undefined): void {
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/**
 * Waits until a standby is synchronous (at most `ms`): in synchronous mode only that standby
 * may be promoted (it has every commit answered), so a failover needs one.
 */
export async function waitForSyncStandby(nodes: PatroniNode[], ms = 60_000): Promise<void> {
  await waitFor(
    'no standby became synchronous',
    async () =>
      (await members(nodes)).some(
        (member) =>
          member.role === 'sync_standby' && ['running', 'streaming'].includes(member.state),
      ),
    ms,
  );
}

/** Kills a node as a dead machine would go: its Patroni and its postmaster at once. */
export function killNode(node: PatroniNode): void {
  const postmaster = nodePostmaster(node);
  kill(node.pid);
  kill(postmaster);
}

/** Kills the primary's node; answers its name. */
export async function killPrimaryNode(nodes: PatroniNode[]): Promise<string> {
  const primary = await whoIsPrimary(nodes);
  const node = nodes.find((candidate) => candidate.name === primary);
  if (!node) throw new Error('no node is the primary: nothing to kill');
  killNode(node);
  return node.name;
}

/** Waits until a node other than `old` leads (at most `ms`); answers its name. */
export async function waitForNewPrimary(
  nodes: PatroniNode[],
  old: string,
  ms = 60_000,
): Promise<string> {
  let found: string | null = null;
  await waitFor(
    `no node took over from ${old}`,
    async () => {
      found = await whoIsPrimary(nodes);
      return found !== null && found !== old;
    },
    ms,
  );
  return found!;
}

/**
 * Waits until HAProxy's primary port (`port`) reaches a primary that takes writes (at most
 * `ms`): HAProxy checks each node every second, so it follows Patroni's promotion within one.
 */
export async function waitForWrites(port: number, ms = 30_000): Promise<void> {
  await waitFor(`no primary took writes through port ${port}`, () => primaryAnswers(port), ms);
}

/** Waits until `name` is a standby streaming from the primary on its timeline (at most `ms`). */
export async function waitUntilFollows(nodes: PatroniNode[], name: string, ms = 120_000) {
  await waitFor(
    `${name} did not follow the primary`,
    async () => {
      const all = await members(nodes);
      const leader = all.find((member) => member.role === 'leader');
      const node = all.find((member) => member.name === name);
      return (
        !!leader &&
        !!node &&
        node.role !== 'leader' &&
        ['running', 'streaming'].includes(node.state) &&
        node.timeline === leader.timeline
      );
    },
    ms,
  );
}

/**
 * Asks the running start:cluster to start its dead nodes again (SIGUSR2), then waits until
 * `name` follows the primary.
 */
export async function restartClusterNode(dataDir: string, name: string): Promise<void> {
  const { pid } = JSON.parse(readFileSync(join(dataDir, SUPERVISOR_FILE), 'utf8')) as {
    pid: number;
  };
  // The roster is read first: the supervisor writes it again on the signal.
  const { nodes } = readRoster(dataDir);
  process.kill(pid, 'SIGUSR2');
  await waitUntilFollows(nodes, name);
}
