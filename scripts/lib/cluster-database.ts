/**
 * The PostgreSQL `npm run start:cluster` runs on: DATABASE_URL's when set; with STANDBYS=n a
 * cluster of its own with automatic failover (n + 1 nodes under Patroni, HAProxy in front:
 * scripts/lib/patroni.ts); else a Debian cluster of its own. Backups (pgBackRest) are set up on
 * the clusters it makes (scripts/lib/cluster-backups.ts).
 */
import { writeFileAtomically } from './atomic-file';
import { join } from 'node:path';
import { startLocalPostgres, type LocalPostgres } from './cluster';
import { debianBackups, patroniBackups, type ClusterBackups } from './cluster-backups';
import {
  nodePostmaster,
  patroniPorts,
  ROSTER_FILE,
  startPatroni,
  type PatroniCluster,
} from './patroni';

export interface ClusterDatabaseSettings {
  /** STANDBYS: 0 for a single PostgreSQL. */
  standbys: number;
  /** The Debian cluster's name (its Patroni folder's too). */
  pgName: string;
  /** The Debian cluster's port, or with STANDBYS HAProxy's port of the primary. */
  pgPort: number;
  /** With STANDBYS: the nodes, etcd and the backups made anew. */
  fresh: boolean;
  /** The cluster's data folder (rosters, the backups' record). */
  dataDir: string;
}

/** The PostgreSQL the cluster runs on, as started here (to be stopped with it). */
export interface ClusterDatabase {
  postgres?: LocalPostgres;
  patroni?: PatroniCluster;
  /** pgBackRest's setup on the clusters made here (its first backup follows the migrations). */
  backups?: ClusterBackups;
}

/** The ports the database will listen on, by the setting that moves them. */
export function databasePorts(settings: ClusterDatabaseSettings): [string, number][] {
  if (settings.standbys === 0) return [];
  return patroniPorts(settings.pgPort, settings.standbys).map(([what, port]) => [
    `CLUSTER_PG_PORT (${what})`,
    port,
  ]);
}

/** What the banner says of the database. */
export function databaseLine(settings: ClusterDatabaseSettings): string {
  const { standbys, pgPort } = settings;
  if (standbys > 0) {
    return (
      `PostgreSQL under Patroni, ${standbys + 1} nodes (automatic failover): the primary through ` +
      `HAProxy on port ${pgPort}, catalogue reads from the standbys on ${pgPort + 1}; ` +
      `patronictl -c ${join(patroniDir(settings), 'node-1.yml')} list`
    );
  }
  if (process.env.DATABASE_URL) return 'DATABASE_URL';
  return `PostgreSQL cluster ${settings.pgName} on port ${pgPort}`;
}

const patroniDir = (settings: ClusterDatabaseSettings) =>
  process.env.CLUSTER_PG_DIR ?? join('/var/lib/postgresql/cardealer', `${settings.pgName}-patroni`);

/** Who is who in the Patroni cluster, for whoever needs to kill or start a node. */
export function writePatroniRoster(dataDir: string, patroni: PatroniCluster, basePort: number) {
  writeFileAtomically(
    join(dataDir, ROSTER_FILE),
    JSON.stringify(
      { primaryPort: basePort, standbyPort: basePort + 1, nodes: patroni.nodes },
      null,
      2,
    ),
  );
}

/**
 * Starts the database; answers where to write and, with standbys, where to read (HAProxy's
 * ports, which follow the primary).
 */
export async function startClusterDatabase(
  settings: ClusterDatabaseSettings,
  cluster: ClusterDatabase,
): Promise<{ databaseUrl: string; readUrl: string }> {
  const { dataDir, pgPort } = settings;
  if (settings.standbys > 0) {
    const dir = patroniDir(settings);
    const backups = patroniBackups(dir, settings.fresh);
    const patroni = await startPatroni({
      dir,
      basePort: pgPort,
      standbys: settings.standbys,
      database: 'cardealer',
      fresh: settings.fresh,
      parameters: backups?.parameters,
    });
    cluster.patroni = patroni;
    cluster.backups = await backups?.start(dataDir, patroni);
    writePatroniRoster(dataDir, patroni, pgPort);
    // The standbys' postmasters, for whoever needs to kill one (the cluster's browser test).
    const primary = await patroni.primary();
    writeFileAtomically(
      join(dataDir, 'standbys.json'),
      JSON.stringify(
        patroni.nodes
          .filter((node) => node !== primary)
          .map((node) => ({ name: node.name, port: node.pgPort, pid: nodePostmaster(node) })),
        null,
        2,
      ),
    );
    return { databaseUrl: patroni.primaryUrl, readUrl: patroni.standbyUrl };
  }
  if (!process.env.DATABASE_URL) {
    const postgres = await startLocalPostgres({
      cluster: settings.pgName,
      port: pgPort,
      database: 'cardealer',
    });
    cluster.postgres = postgres;
    cluster.backups = (await debianBackups(dataDir, postgres, settings.pgName)) ?? undefined;
    return { databaseUrl: postgres.url, readUrl: '' };
  }
  return { databaseUrl: process.env.DATABASE_URL, readUrl: '' };
}

/** Stops what `startClusterDatabase` started (the Debian cluster's data stays). */
export async function stopClusterDatabase(cluster: ClusterDatabase): Promise<void> {
  try {
    cluster.postgres?.stop();
  } catch (error) {
    console.error(`Stopping PostgreSQL failed: ${(error as Error).message}`);
  }
  await cluster.patroni
    ?.stop()
    .catch((error: Error) => console.error(`Stopping PostgreSQL failed: ${error.message}`));
}
