/**
 * The configurations of the Patroni cluster (scripts/lib/patroni.ts): each node's Patroni, and
 * HAProxy in front of them. node-postgres takes one host per connection and has no
 * `target_session_attrs`, so the app reaches the primary through one port and the standbys
 * through another, and HAProxy asks each node's Patroni which it is.
 */
import { postgresBin } from './postgres-pair';

/** The cluster's name in etcd (Patroni's `scope`). */
export const SCOPE = 'cardealer';
/** The `postgres` user's password (every port listens on 127.0.0.1 only). */
export const PASSWORD = 'postgres';

/**
 * Patroni's timing: the leader key lives `ttl` seconds unless renewed; each node acts every
 * `loop_wait`; a DCS or PostgreSQL call is retried for `retry_timeout` (loop_wait + 2 ×
 * retry_timeout must stay within ttl). A dead primary's key expires within 10 s, and the
 * standby, awake every 2 s, takes over: a promotion within about 13 s.
 */
export const TIMING = { ttl: 10, loop_wait: 2, retry_timeout: 4 };

export interface NodeConfigOptions {
  /** The folder of the cluster (PostgreSQL's sockets are there). */
  dir: string;
  basePort: number;
  /** The password file Patroni writes for its own connections. */
  pgpass: string;
  /** Each node's further PostgreSQL settings (WAL archiving), from its data folder. */
  parameters?: (dataDir: string) => Record<string, string>;
}

export interface NodeConfigNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
}

/** Patroni's configuration of one node (YAML is a superset of JSON). */
export function nodeConfig(options: NodeConfigOptions, node: NodeConfigNode): string {
  const etcdPort = options.basePort + 20;
  const user = { username: 'postgres', password: PASSWORD };
  return JSON.stringify(
    {
      scope: SCOPE,
      name: node.name,
      log: { level: 'WARNING' },
      restapi: {
        listen: `127.0.0.1:${node.restPort}`,
        connect_address: `127.0.0.1:${node.restPort}`,
      },
      etcd3: { hosts: [`127.0.0.1:${etcdPort}`] },
      bootstrap: {
        dcs: {
          ...TIMING,
          maximum_lag_on_failover: 16 * 1024 * 1024,
          synchronous_mode: true,
          synchronous_mode_strict: false,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              wal_level: 'replica',
              hot_standby: 'on',
              wal_log_hints: 'on',
              max_wal_senders: 10,
              max_replication_slots: 10,
              wal_keep_size: '256MB',
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }, { auth: 'scram-sha-256' }],
      },
      postgresql: {
        listen: `127.0.0.1:${node.pgPort}`,
        connect_address: `127.0.0.1:${node.pgPort}`,
        data_dir: node.dataDir,
        bin_dir: postgresBin(),
        pgpass: options.pgpass,
        authentication: { superuser: user, replication: user, rewind: user },
        // A new standby's copy starts at once, not after a spread checkpoint (minutes).
        basebackup: [{ checkpoint: 'fast' }],
        // A rewind that cannot be done, or a timeline that diverged: the node is made again
        // from the primary (pg_basebackup) rather than left out.
        remove_data_directory_on_rewind_failure: true,
        remove_data_directory_on_diverged_timelines: true,
        parameters: {
          unix_socket_directories: options.dir,
          ...options.parameters?.(node.dataDir),
        },
        pg_hba: [
          'local all all scram-sha-256',
          'host all all 127.0.0.1/32 scram-sha-256',
          'host replication all 127.0.0.1/32 scram-sha-256',
        ],
      },
      watchdog: { mode: 'off' },
    },
    null,
    2,
  );
}

export interface PatroniHaproxyOptions {
  /** The primary's port; the standbys' is the next. */
  basePort: number;
  nodes: { name: string; pgPort: number; restPort: number }[];
}

/**
 * The configuration: TCP to PostgreSQL, each node checked on its Patroni's REST API (`GET
 * /primary` answers 200 on the leader alone, from the moment it takes the leader key; `GET
 * /replica` on a running standby). A node that is up is checked every 500 ms, and after a
 * failure every 250 ms: out of the primary's port after two failures, of the standbys' port after
 * three. A node that is down is checked every 250 ms and is back after one success. So during a
 * failover the new leader is in the primary's port within about a quarter of a second, before
 * the standbys' port lets it go (at least half a second after its promotion): a replica's reads
 * on it go on through the standbys' port until the primary's has it (standby-reads.ts).
 * A node taken out has its connections cut (`on-marked-down shutdown-sessions`): after a
 * failover no client keeps talking to the old primary, and the app's pools open new
 * connections, which reach the new one.
 *
 * `default-server` comes before the `server` lines: HAProxy applies it to the servers declared
 * after it only (after them, it was silently ignored and HAProxy's own defaults applied: checks
 * every 2 s, up after two, down after three, no connections cut).
 */
export function patroniHaproxyConfig(options: PatroniHaproxyOptions): string {
  const servers = (check: string, fall: number) =>
    [
      `  option httpchk GET ${check}`,
      '  http-check expect status 200',
      `  default-server inter 500ms fastinter 250ms downinter 250ms fall ${fall} rise 1 ` +
        'on-marked-down shutdown-sessions',
      ...options.nodes.map(
        (node) => `  server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}`,
      ),
    ].join('\n');
  return `# Generated by CarDealer's scripts/lib/patroni-config.ts; edits are overwritten at the next start.
global
  maxconn 2000

defaults
  mode tcp
  timeout connect 2s
  # A connection waits this long for a busy server's turn. With no server up at all (a failover
  # under way) TCP mode closes it at once: the app's pool answers 503 and tries again.
  timeout queue 3s
  # Idle pool and LISTEN connections: the app opens a lost one again.
  timeout client 1h
  timeout server 1h
  timeout check 1s
  option clitcpka
  option srvtcpka

listen postgres-primary
  bind 127.0.0.1:${options.basePort}
${servers('/primary', 2)}

listen postgres-standbys
  bind 127.0.0.1:${options.basePort + 1}
  balance roundrobin
${servers('/replica', 3)}
`;
}
