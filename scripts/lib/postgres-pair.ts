/**
 * A PostgreSQL primary with streaming standbys, made with Debian's binaries (package
 * `postgresql`): `initdb` for the primary (kept between starts unless `fresh`), and for each
 * standby `pg_basebackup -R` from it with a replication slot of its own, started with `pg_ctl`
 * on its own port. Everything lives in one folder; run as root, the binaries run as the postgres
 * user (who owns the folder). Used by `STANDBYS=1 npm run start:cluster`, `npm run
 * bench:replicas` and the server tests of the standbys.
 */
import { execFile } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';

const run = promisify(execFile);

/** The password of the pair's `postgres` user (the clusters listen on 127.0.0.1 only). */
const PASSWORD = 'postgres';

export interface PostgresPairOptions {
  /** The folder of the pair's data (created; its parents must be open to the postgres user). */
  dir: string;
  primaryPort: number;
  /** One port per standby. */
  standbyPorts: number[];
  /** The database to create on the primary (if missing). */
  database: string;
  /** A new primary (its data from an earlier start removed first). */
  fresh?: boolean;
  /** No fsync and no full-page writes: for throwaway data (tests). */
  unsafeFast?: boolean;
  /** The primary's further settings (`-c name=value`): WAL archiving to pgBackRest. */
  primarySettings?: string[];
}

export interface PostgresPair {
  /** postgres://… of `database` on the primary. */
  primaryUrl: string;
  /** postgres://… of `database` on each standby. */
  standbyUrls: string[];
  /** The primary's data folder, log, and settings as pg_ctl starts it (to start it again). */
  primary: { dataDir: string; log: string; settings: string[] };
  /** Each standby's postmaster process id (SIGKILL it to kill the standby). */
  standbyPids(): number[];
  /** Stops the standbys and removes them and their slots, then stops the primary. */
  stop(options?: { removeAll?: boolean }): Promise<void>;
}

/** The newest installed PostgreSQL's binaries. */
export function postgresBin(): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b))
    : [];
  const version = versions.at(-1);
  if (!version) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql');
  return join('/usr/lib/postgresql', version, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when this process is root. */
export async function pg(binary: string, args: string[]): Promise<string> {
  const file = join(postgresBin(), binary);
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
    : [file, args];
  try {
    const { stdout } = await run(command, commandArgs, {
      env: { ...process.env, PGPASSWORD: PASSWORD },
      encoding: 'utf8',
    });
    return stdout;
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new Error(`${binary} failed: ${failed.stderr?.trim() || failed.message}`);
  }
}

/** A folder the postgres user owns. */
export function ownFolder(path: string): void {
  // Its parents made here stay open to the postgres user; the folder is its own.
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const [uid, gid] = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .filter((fields) => fields[0] === 'postgres')
      .map((fields) => [Number(fields[2]), Number(fields[3])])[0] ?? [NaN, NaN];
    if (!Number.isInteger(uid)) throw new Error('no postgres user: apt-get install -y postgresql');
    chownSync(path, uid!, gid!);
  }
}

/** The postmaster's process id from its pid file; null: none running there. */
export function postmasterPid(dataDir: string): number | null {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export async function stopServer(dataDir: string, mode: 'fast' | 'immediate'): Promise<void> {
  if (postmasterPid(dataDir) === null) return;
  await pg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop']).catch(() => undefined);
}

export async function startServer(dataDir: string, log: string, settings: string[]): Promise<void> {
  const args = ['-D', dataDir, '-l', log, '-w', '-t', '120', '-o', settings.join(' '), 'start'];
  try {
    await pg('pg_ctl', args);
  } catch (error) {
    // pg_ctl says only that it failed: the log's last lines say why (a port in use, …).
    const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5) : [];
    throw new Error([(error as Error).message, ...tail].join('\n  '));
  }
}

/**
 * Drops the replication slots named (those that exist). A standby just stopped may still hold
 * its slot for a moment (its WAL sender ending): that one is ended, and the drop tried again.
 */
async function dropSlots(client: Client, slots: string[]): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await client.query(
        `select pg_terminate_backend(active_pid) from pg_replication_slots
          where slot_name = any($1) and active_pid is not null`,
        [slots],
      );
      await client.query(
        'select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = any($1)',
        [slots],
      );
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const urlOf = (port: number, database: string) =>
  `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${database}`;

/** Starts (or makes) the primary, then makes and starts each standby afresh. */
export async function startPostgresPair(options: PostgresPairOptions): Promise<PostgresPair> {
  const { dir, database } = options;
  ownFolder(dir);
  const primaryDir = join(dir, 'primary');
  const common = [
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    ...(options.unsafeFast ? ['-c fsync=off', '-c full_page_writes=off'] : []),
  ];
  await stopServer(primaryDir, 'fast');
  if (options.fresh) rmSync(primaryDir, { recursive: true, force: true });
  if (!existsSync(join(primaryDir, 'PG_VERSION'))) {
    rmSync(primaryDir, { recursive: true, force: true });
    const passwordFile = join(dir, 'password');
    writeFileSync(passwordFile, PASSWORD);
    await pg('initdb', [
      '-D',
      primaryDir,
      '-U',
      'postgres',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    rmSync(passwordFile, { force: true });
  }
  const primary = {
    dataDir: primaryDir,
    log: join(dir, 'primary.log'),
    settings: [
      `-p ${options.primaryPort}`,
      ...common,
      '-c wal_level=replica',
      `-c max_wal_senders=${options.standbyPorts.length + 4}`,
      `-c max_replication_slots=${options.standbyPorts.length + 4}`,
      ...(options.primarySettings ?? []),
    ],
  };
  await startServer(primaryDir, primary.log, primary.settings);
  const admin = new Client({ connectionString: urlOf(options.primaryPort, 'postgres') });
  await admin.connect();
  const slots: string[] = [];
  const standbyDirs: string[] = [];
  /** Stops the standbys (their folders and slots go), then the primary. */
  const stop = async ({ removeAll = false } = {}): Promise<void> => {
    for (const standbyDir of standbyDirs) {
      await stopServer(standbyDir, 'immediate');
      rmSync(standbyDir, { recursive: true, force: true });
    }
    // A slot left behind would keep the primary's WAL for ever.
    const client = new Client({ connectionString: urlOf(options.primaryPort, 'postgres') });
    try {
      await client.connect();
      await dropSlots(client, slots);
    } catch {
      // The primary is down already: its slots go with a fresh start.
    } finally {
      await client.end().catch(() => undefined);
    }
    await stopServer(primaryDir, 'fast');
    if (removeAll) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
    // The standbys of an earlier start (however many, however it ended) go, and their slots.
    for (const name of readdirSync(dir).filter((entry) => /^standby-\d+$/.test(entry))) {
      await stopServer(join(dir, name), 'immediate');
      rmSync(join(dir, name), { recursive: true, force: true });
    }
    const { rows } = await admin.query<{ slot: string }>(
      "select slot_name as slot from pg_replication_slots where slot_name like 'cardealer_standby_%'",
    );
    await dropSlots(
      admin,
      rows.map((row) => row.slot),
    );
    for (const [i, port] of options.standbyPorts.entries()) {
      const slot = `cardealer_standby_${i + 1}`;
      const standbyDir = join(dir, `standby-${i + 1}`);
      // -R: standby.signal and primary_conninfo; -C -S: a slot, so the primary keeps the WAL
      // the standby has not received yet.
      await pg('pg_basebackup', [
        ...['-h', '127.0.0.1', '-p', String(options.primaryPort), '-U', 'postgres'],
        ...['-D', standbyDir, '-R', '-X', 'stream', '-C', '-S', slot, '-c', 'fast', '--no-sync'],
      ]);
      slots.push(slot);
      standbyDirs.push(standbyDir);
      await startServer(standbyDir, join(dir, `standby-${i + 1}.log`), [
        `-p ${port}`,
        ...common,
        '-c hot_standby=on',
      ]);
    }
  } catch (error) {
    // A standby that failed to start: nothing of this start is left running (or a slot kept).
    await admin.end().catch(() => undefined);
    await stop().catch(() => undefined);
    throw error;
  }
  await admin.end();

  return {
    primaryUrl: urlOf(options.primaryPort, database),
    primary,
    standbyUrls: options.standbyPorts.map((port) => urlOf(port, database)),
    standbyPids: () => standbyDirs.map((standbyDir) => postmasterPid(standbyDir) ?? 0),
    stop,
  };
}
