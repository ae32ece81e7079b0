/**
 * `npm run start:cluster`: the product as several replicas behind HAProxy, on one PostgreSQL.
 *   1. PostgreSQL: DATABASE_URL when set, else a Debian cluster of its own (CLUSTER_PG_NAME,
 *      default `cardealer-cluster`, on CLUSTER_PG_PORT, default 5450; kept between starts).
 *   2. The migrations (and the demo data, as `npm start` seeds it) are applied once, here.
 *   3. The Firebase Auth emulator (demo mode) on CLUSTER_AUTH_PORT (9399), hub 4430, logging
 *      4530: not `npm start`'s, the tests' or the benchmarks' ports.
 *   4. The web bundle is built when its sources changed.
 *   5. REPLICAS API servers (default 3) on REPLICA_PORT (default PORT+1) and up, each with its
 *      own data folder under DATA_DIR (default `.data-cluster`), TRUST_PROXY_HOPS=1. They share
 *      nothing but the database: photos, rate limits and the catalogue's changes live there.
 *   6. HAProxy on PORT (default 8080), with a generated configuration (scripts/lib/cluster.ts).
 * With STANDBYS=n (1 to 4) the PostgreSQL is n + 1 nodes of its own under Patroni with etcd,
 * failing over on its own (scripts/lib/patroni.ts, in CLUSTER_PG_DIR, default
 * /var/lib/postgresql/cardealer/<CLUSTER_PG_NAME>-patroni, kept between starts unless
 * CLUSTER_PG_FRESH=1), HAProxy in front: the replicas write through CLUSTER_PG_PORT (default
 * 5460), always the primary, and read the catalogue through the next port, the standbys
 * (DATABASE_READ_URL). The nodes are in DATA_DIR/patroni.json, the standbys' postmasters in
 * DATA_DIR/standbys.json; SIGUSR2 starts again every node whose Patroni is not running.
 * MONITOR=1 adds Prometheus scraping every replica's metrics, with alert rules (lib/monitor.ts).
 * `npm run cluster:restart` (SIGHUP) restarts the replicas one at a time, each once the one
 * before is ready and back in HAProxy's rotation, so that no request fails.
 * Ctrl-C (or SIGTERM) stops all of it. A replica that dies is left dead (HAProxy sends its
 * requests to the others); the load balancer or the emulator dying stops everything.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { writeFileAtomically } from './lib/atomic-file';
import { join, resolve } from 'node:path';
import { firebaseAuth } from '../server/src/platform/caller/firebase-admin';
import { isLoopback, OPEN_DEMO_WARNING } from '../server/src/config';
import { openDatabase } from '../server/src/platform/db/client';
import { seedDemoData } from '../server/src/scripts/seed';
import { seedReferenceData } from '../server/src/scripts/reference-data';
import { build, buildIsFresh } from './build';
import {
  startHaproxy,
  startReplica,
  waitForHttp,
  waitForReplicas,
  type Replica,
} from './lib/cluster';
import {
  exportRegularly,
  PROJECT_ID,
  startEmulator,
  waitUntilUp,
  type RunningEmulator,
} from './lib/emulator';
import { DEMO_ACCOUNTS, portIsFree, stopProcess } from './lib/processes';
import { restartOnSignal, SUPERVISOR_FILE } from './lib/rolling-restart';
import { startPrometheus } from './lib/monitor';
import { firstBackup } from './lib/cluster-backups';
import {
  databaseLine,
  databasePorts,
  startClusterDatabase,
  stopClusterDatabase,
  writePatroniRoster,
  type ClusterDatabase,
} from './lib/cluster-database';

const root = resolve(__dirname, '..');
const env = process.env;
const mode = env.APP_MODE ?? 'demo';
const port = Number(env.PORT ?? 8080);
const host = env.HOST || (mode === 'demo' ? '127.0.0.1' : '0.0.0.0');
const replicaCount = Number(env.REPLICAS ?? 3);
const standbyCount = Number(env.STANDBYS ?? 0);
const pgName = env.CLUSTER_PG_NAME ?? 'cardealer-cluster';
/** The Debian cluster's port, or with STANDBYS HAProxy's of the primary (the rest after it). */
const pgPort = Number(env.CLUSTER_PG_PORT ?? (standbyCount > 0 ? 5460 : 5450));
const firstReplicaPort = Number(env.REPLICA_PORT ?? port + 1);
const dataDir = resolve(root, env.DATA_DIR ?? '.data-cluster');
const logs = join(dataDir, 'logs');
const emulatorPorts = {
  auth: Number(env.CLUSTER_AUTH_PORT ?? 9399),
  hub: Number(env.CLUSTER_HUB_PORT ?? 4430),
  logging: Number(env.CLUSTER_LOGGING_PORT ?? 4530),
};

const databaseSettings = {
  standbys: standbyCount,
  pgName,
  pgPort,
  fresh: env.CLUSTER_PG_FRESH === '1',
  dataDir,
};
/** MONITOR=1: Prometheus scrapes every replica (scripts/lib/monitor.ts) on MONITOR_PORT. */
const monitorPort = env.MONITOR === '1' ? Number(env.MONITOR_PORT ?? 9490) : 0;

/** What the cluster's settings allow, checked before anything starts. */
function checkSettings(): void {
  if (!Number.isInteger(replicaCount) || replicaCount < 1 || replicaCount > 32) {
    throw new Error(`REPLICAS must be a whole number from 1 to 32 (got "${env.REPLICAS}")`);
  }
  if (!Number.isInteger(standbyCount) || standbyCount < 0 || standbyCount > 4) {
    throw new Error(`STANDBYS must be a whole number from 0 to 4 (got "${env.STANDBYS}")`);
  }
  if (standbyCount > 0 && env.DATABASE_URL) {
    throw new Error(
      'STANDBYS makes a PostgreSQL of its own with its standbys: unset DATABASE_URL (or STANDBYS)',
    );
  }
}

/** Every port the cluster will listen on is free, or it says which setting to change. */
async function checkPortsFree(replicaPorts: number[]): Promise<void> {
  const wanted: [string, number][] = [
    ['PORT (HAProxy)', port],
    ...replicaPorts.map((p, i): [string, number] => [`REPLICA_PORT (replica ${i + 1})`, p]),
    ...databasePorts(databaseSettings),
  ];
  if (mode === 'demo') {
    wanted.push(['CLUSTER_AUTH_PORT', emulatorPorts.auth]);
    wanted.push(['CLUSTER_HUB_PORT', emulatorPorts.hub]);
    wanted.push(['CLUSTER_LOGGING_PORT', emulatorPorts.logging]);
  }
  for (const [name, candidate] of wanted) {
    if (!(await portIsFree(candidate))) {
      throw new Error(`port ${candidate} is in use: stop what runs there, or choose ${name}=…`);
    }
  }
}

/** The sign-in emulator of demo mode, on the cluster's own ports. */
function startDemoEmulator(): RunningEmulator {
  const configFile = join(dataDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: emulatorPorts.auth },
        hub: { host: '127.0.0.1', port: emulatorPorts.hub },
        logging: { host: '127.0.0.1', port: emulatorPorts.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  return startEmulator({
    configFile,
    authPort: emulatorPorts.auth,
    hubPort: emulatorPorts.hub,
    persistDir: join(dataDir, 'auth-emulator'),
    logFile: join(logs, 'emulator.log'),
  });
}

/**
 * Migrations and seed data, once, before any replica starts (each replica migrates again at
 * boot, under a lock, and finds nothing to do; so does its demo seed).
 */
async function migrateAndSeed(databaseUrl: string, emulator: RunningEmulator | undefined) {
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    if (emulator) {
      await waitUntilUp(emulator.host, 90_000, emulator.process);
      await seedDemoData(
        database.db,
        firebaseAuth({ firebaseProjectId: PROJECT_ID, authEmulatorHost: emulator.host }),
      );
    }
  } finally {
    await database.close();
  }
}

interface ReplicaSettings {
  databaseUrl: string;
  readUrl: string;
  emulator: RunningEmulator | undefined;
}

/**
 * Starts one API server per port, each added to `replicas` as it starts; one that dies is left
 * dead (HAProxy sends its requests to the others). Answers how to start the i-th again (a
 * rolling restart: scripts/lib/rolling-restart.ts).
 */
function startReplicas(
  replicaPorts: number[],
  { databaseUrl, readUrl, emulator }: ReplicaSettings,
  replicas: Replica[],
  isQuiet: (replica: Replica) => boolean,
): (index: number) => Replica {
  const launch = (i: number) => {
    const replicaDir = join(dataDir, `replica-${i + 1}`);
    mkdirSync(replicaDir, { recursive: true });
    const replica = startReplica({
      index: i + 1,
      port: replicaPorts[i],
      dataDir: replicaDir,
      logFile: join(logs, `replica-${i + 1}.log`),
      env: {
        APP_MODE: mode,
        DATABASE_URL: databaseUrl,
        ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
        PUBLIC_ORIGIN: env.PUBLIC_ORIGIN || `http://localhost:${port}`,
        ...(emulator ? { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } : {}),
      },
    });
    replica.process.once('exit', (code, signal) => {
      if (!isQuiet(replica)) {
        console.error(
          `${replica.name} (port ${replica.port}) stopped (${signal ?? `code ${code}`}); ` +
            `HAProxy sends its requests to the others. See ${logs}/${replica.name}.log`,
        );
      }
    });
    return replica;
  };
  for (const i of replicaPorts.keys()) replicas.push(launch(i));
  return launch;
}

/** Who is who (name, port, process id), in the data folder, for whoever needs to stop one. */
function writeRoster(file: string, entries: { name: string; port: number; pid?: number }[]) {
  writeFileAtomically(join(dataDir, file), JSON.stringify(entries, null, 2));
}
const writeReplicaRoster = (replicas: Replica[]) =>
  writeRoster(
    'replicas.json',
    replicas.map((r) => ({ name: r.name, port: r.port, pid: r.process.pid })),
  );

/** Where the running cluster answers, and what it runs on. */
function printBanner(started: number, replicas: Replica[]): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`
CarDealer is running as ${replicaCount} replicas behind HAProxy (${mode} mode, ready in ${seconds} s):  http://localhost:${port}
  Replicas:      ${replicas.map((r) => `${r.name} on :${r.port}`).join(', ')} (answer header X-Replica)
  Database:      ${databaseLine(databaseSettings)}
  Data folder:   ${dataDir} (logs in ${logs}, HAProxy's configuration in haproxy.cfg)
  Metrics:       each replica's GET /metrics on its port + 1000${monitorPort ? `; Prometheus on http://127.0.0.1:${monitorPort}` : ''}`);
  if (mode === 'demo' && !isLoopback(host)) {
    console.log(`\n  WARNING (HOST=${host}): ${OPEN_DEMO_WARNING}`);
  }
  if (mode === 'demo') console.log(DEMO_ACCOUNTS);
}

async function main(): Promise<void> {
  const started = Date.now();
  checkSettings();
  const replicaPorts = Array.from({ length: replicaCount }, (_, i) => firstReplicaPort + i);
  await checkPortsFree(replicaPorts);
  mkdirSync(logs, { recursive: true });

  const cluster: ClusterDatabase = {};
  let emulator: RunningEmulator | undefined;
  let haproxy: ReturnType<typeof startHaproxy> | undefined;
  let prometheus: ReturnType<typeof startPrometheus> | undefined;
  const replicas: Replica[] = [];
  let exportTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (exportTimer) clearInterval(exportTimer);
    console.log('\nStopping the CarDealer cluster…');
    if (haproxy) await stopProcess(haproxy);
    if (prometheus) await stopProcess(prometheus);
    await Promise.all(replicas.map((replica) => replica.stop()));
    // The emulator exports its accounts to the data folder as it stops.
    await emulator?.stop();
    await stopClusterDatabase(cluster);
    process.exit(code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  // SIGUSR2: every PostgreSQL node whose Patroni is not running starts again (and rejoins).
  process.on('SIGUSR2', () => {
    if (!cluster.patroni || stopping) return;
    cluster.patroni.restartDead();
    writePatroniRoster(dataDir, cluster.patroni, pgPort);
  });
  // `npm run cluster:restart` sends SIGHUP: the replicas restart one at a time.
  const restarts = restartOnSignal(replicas, {
    dataDir,
    isStopping: () => stopping,
    afterEach: () => writeReplicaRoster(replicas),
  });

  try {
    const { databaseUrl, readUrl } = await startClusterDatabase(databaseSettings, cluster);
    if (mode === 'demo') {
      emulator = startDemoEmulator();
      emulator.process.once('exit', (code) => {
        if (!stopping) {
          console.error(`The sign-in emulator stopped (code ${code}); see ${logs}/emulator.log`);
          void stopAll(1);
        }
      });
    }

    // The bundle builds while the emulator starts.
    if (buildIsFresh()) {
      console.log('Web bundle is up to date.');
    } else {
      console.log('Building the web bundle…');
      await build();
    }

    await migrateAndSeed(databaseUrl, emulator);
    console.log(`Database migrated and seeded (${((Date.now() - started) / 1000).toFixed(1)} s).`);
    // The first backup records itself in a table the migrations make: after them, not before.
    if (cluster.backups) firstBackup(cluster.backups);

    const launch = startReplicas(
      replicaPorts,
      { databaseUrl, readUrl, emulator },
      replicas,
      // A replica stopped on purpose (the cluster stopping, a rolling restart) is no news.
      (replica) => stopping || restarts.isRestarting(replica),
    );
    await waitForReplicas(replicas, 120_000);
    restarts.listen(launch);

    const balancer = { host, port, replicas };
    haproxy = startHaproxy(join(dataDir, 'haproxy.cfg'), balancer, join(logs, 'haproxy.log'));
    haproxy.once('exit', (code) => {
      if (!stopping) {
        console.error(`HAProxy stopped (code ${code}); see ${logs}/haproxy.log`);
        void stopAll(1);
      }
    });
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, haproxy, 30_000);
    // Who is who, for whoever needs to stop one replica (the cluster's browser test kills one).
    writeFileSync(join(dataDir, SUPERVISOR_FILE), JSON.stringify({ pid: process.pid }));
    writeReplicaRoster(replicas);
    if (monitorPort) {
      const dir = join(dataDir, 'prometheus');
      prometheus = startPrometheus({
        dir,
        port: monitorPort,
        replicaPorts,
        logFile: join(logs, 'prometheus.log'),
      });
    }
  } catch (error) {
    console.error(
      `Could not start the CarDealer cluster: ${error instanceof Error ? error.message : String(error)}` +
        ` (the logs are in ${logs})`,
    );
    await stopAll(1);
    return;
  }

  if (emulator) exportTimer = exportRegularly(emulator);

  printBanner(started, replicas);
  console.log('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error(
    `Could not start the CarDealer cluster: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
