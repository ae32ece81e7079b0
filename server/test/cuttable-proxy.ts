/**
 * A TCP proxy between the app and PostgreSQL that a test cuts and restores, as a failover looks
 * from the app: `refuse()` drops every connection and stops listening (a primary gone: refused),
 * `blackHole()` drops every connection and takes new ones without ever answering (a machine gone
 * silent: only a timeout ends the wait), `restore()` forwards again (a primary answers), and
 * `retarget()` sends new connections elsewhere (HAProxy's port of the primary after a failover).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** The host and port a connection URL names (PostgreSQL's port when it names none). */
export function targetOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 5432) };
}

export class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private forwarding = true;

  private constructor(
    readonly port: number,
    private target: { host: string; port: number },
  ) {}

  /** A proxy on a free loopback port to `target`, forwarding. */
  static async start(target: { host: string; port: number }): Promise<CuttableProxy> {
    const probe = new CuttableProxy(0, target);
    const port = await probe.listen(0);
    await probe.close();
    const proxy = new CuttableProxy(port, target);
    await proxy.listen(port);
    return proxy;
  }

  /** A proxy to the server a connection URL names. */
  static toUrl(url: string): Promise<CuttableProxy> {
    return CuttableProxy.start(targetOf(url));
  }

  /** `url` with its host and port replaced by the proxy's. */
  url(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.port);
    return parsed.toString();
  }

  /** Every connection dropped, and new ones refused. */
  async refuse(): Promise<void> {
    this.dropAll();
    await this.stopListening();
  }

  /** Every connection dropped; new ones are taken but never answered. */
  async blackHole(): Promise<void> {
    this.forwarding = false;
    this.dropAll();
    if (!this.server) await this.listen(this.port);
  }

  /** Forwards again. */
  async restore(): Promise<void> {
    this.dropAll();
    this.forwarding = true;
    if (!this.server) await this.listen(this.port);
  }

  /** Every connection dropped; new ones go to `target` (forwarding). */
  async retarget(target: { host: string; port: number }): Promise<void> {
    this.target = target;
    await this.restore();
  }

  async close(): Promise<void> {
    this.dropAll();
    await this.stopListening();
  }

  private dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: Socket): void {
    this.track(client);
    if (!this.forwarding) return;
    const upstream = connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  private listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = createServer((client) => this.accept(client));
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.server = server;
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  private stopListening(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
