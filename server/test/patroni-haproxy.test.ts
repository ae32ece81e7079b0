/**
 * HAProxy in front of the Patroni cluster (scripts/lib/patroni-config.ts), run for real against
 * two stand-in nodes: each a Patroni REST API answering `GET /primary` and `GET /replica` as its
 * role says, and a TCP server in PostgreSQL's place that greets each connection with the node's
 * name. A failover as HAProxy sees it: the primary's node goes silent, then the standby takes the
 * leader key and is promoted at the same instant (the worst case: in Patroni the key comes
 * first). The primary's port must have the new leader within a second, and before the standbys'
 * port cuts the connections it still holds to it, so that the replicas' reads never find neither.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { patroniHaproxyConfig } from '../../scripts/lib/patroni-config';
import { freePort } from './standby-pair';

type Role = 'primary' | 'replica' | 'dead';

/** A stand-in node: its REST API's answers follow `role`; its "PostgreSQL" says its name. */
class FakeNode {
  private readonly sockets = new Set<Socket>();
  private postgres: Server | null = null;
  private readonly rest: HttpServer = createHttpServer((request, response) => {
    const wanted = request.url === '/primary' ? 'primary' : 'replica';
    response.writeHead(this.role === wanted ? 200 : 503).end();
  });

  private constructor(
    readonly name: string,
    readonly pgPort: number,
    readonly restPort: number,
    public role: Role,
  ) {}

  static async start(name: string, role: Role): Promise<FakeNode> {
    const node = new FakeNode(name, await freePort(), await freePort(), role);
    await new Promise<void>((resolve) => node.rest.listen(node.restPort, '127.0.0.1', resolve));
    await node.listen();
    return node;
  }

  /** Its machine gone: connections dropped and refused, its REST API failing. */
  async die(): Promise<void> {
    this.role = 'dead';
    for (const socket of this.sockets) socket.destroy();
    const server = this.postgres;
    this.postgres = null;
    await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  }

  async close(): Promise<void> {
    await this.die();
    await new Promise((resolve) => this.rest.close(resolve));
  }

  private listen(): Promise<void> {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => socket.destroy());
      socket.write(this.name);
    });
    this.postgres = server;
    return new Promise((resolve) => server.listen(this.pgPort, '127.0.0.1', resolve));
  }
}

/** The node a new connection to `port` reaches now; null when HAProxy has none (closed). */
function reaches(port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (name: string | null) => {
      socket.destroy();
      resolve(name);
    };
    socket.setTimeout(1000, () => done(null));
    socket.once('data', (data) => done(data.toString()));
    socket.once('close', () => done(null));
    socket.once('error', () => done(null));
  });
}

/** Whether nothing listens on `port` (a server can take it). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Polls every 20 ms until `check` answers true; resolves to the time it did (ms since epoch). */
async function when(check: () => Promise<boolean>, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now();
}

describe("HAProxy's checks of the Patroni nodes (real HAProxy, stand-in nodes)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'cardealer-patroni-haproxy-'));
  let nodes: FakeNode[] = [];
  let haproxy: ChildProcess | undefined;
  let basePort = 0;

  beforeAll(async () => {
    nodes = [await FakeNode.start('node-1', 'primary'), await FakeNode.start('node-2', 'replica')];
    // Two adjacent free ports: the primary's and the standbys'.
    do basePort = await freePort();
    while (basePort >= 65_535 || !(await isFree(basePort + 1)));
    const file = join(dir, 'haproxy.cfg');
    writeFileSync(file, patroniHaproxyConfig({ basePort, nodes }));
    haproxy = spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' });
  });
  afterAll(async () => {
    const exited = new Promise((resolve) => haproxy?.once('exit', resolve));
    if (haproxy?.kill('SIGKILL')) await exited;
    await Promise.all(nodes.map((node) => node.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts the new leader in the primary port within a second, before the standbys port lets it go', async () => {
    await when(async () => (await reaches(basePort)) === 'node-1', 10_000);
    await when(async () => (await reaches(basePort + 1)) === 'node-2', 10_000);
    // HAProxy starts with every node up: the checks take the primary out of the standbys' port.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // A replica's pooled connection to the standby.
    const held = connect(basePort + 1, '127.0.0.1');
    held.on('error', () => undefined);
    const cut = new Promise<number>((resolve) => held.once('close', () => resolve(Date.now())));
    const greeting = await new Promise<Buffer>((resolve) => held.once('data', resolve));
    expect(greeting.toString()).toBe('node-2');

    await nodes[0]!.die();
    // Out of the primary's port (new connections there are closed), long before a standby
    // takes the leader key (the key's ttl, 10 s, in the cluster).
    await when(async () => (await reaches(basePort)) === null, 5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const promoted = Date.now();
    nodes[1]!.role = 'primary';
    const leads = await when(async () => (await reaches(basePort)) === 'node-2', 5000);
    expect(leads - promoted).toBeLessThan(1000);
    // The standbys' port cuts its connections to the promoted node (shutdown-sessions), and
    // only after the primary's port has it.
    let timer: NodeJS.Timeout | undefined;
    const cutAt = await Promise.race([
      cut,
      new Promise<number>((resolve) => (timer = setTimeout(() => resolve(0), 5000))),
    ]);
    clearTimeout(timer);
    expect(cutAt).toBeGreaterThan(0);
    expect(cutAt).toBeGreaterThan(leads);
    held.destroy();
  });
});
