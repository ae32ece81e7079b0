/**
 * The sign-in emulator of one checkout never meets another checkout's (scripts/lib/emulator.ts):
 * every port it needs is checked before it starts, and each emulator has a temporary folder of
 * its own, where firebase-tools leaves the address of its hub (`hub-<project id>.json`) and
 * looks for it when it exports its accounts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkEmulatorPorts, startEmulator } from '../../scripts/lib/emulator';

/**
 * A port nothing listens on now, below Linux's ephemeral range (32768 and up): a port the system
 * hands out (to another test's server on port 0, or to an outgoing connection) could otherwise be
 * taken between this pick and the check that expects it free.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const probe = createServer();
    const free = await new Promise<boolean>((resolve) => {
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => probe.close(resolve));
      return port;
    }
  }
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe("a checkout's sign-in emulator", () => {
  const folder = mkdtempSync(join(tmpdir(), 'cardealer-emulator-test-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** An emulator configuration on free ports, as firebase.json writes one. */
  async function config() {
    const picked = new Set<number>();
    while (picked.size < 3) picked.add(await freePort());
    const [auth, hub, logging] = [...picked];
    const ports = { auth, hub, logging };
    const file = join(folder, `firebase-${ports.auth}.json`);
    const at = (port: number) => ({ host: '127.0.0.1', port });
    writeFileSync(
      file,
      JSON.stringify({
        emulators: {
          auth: at(ports.auth),
          hub: at(ports.hub),
          logging: at(ports.logging),
          ui: { enabled: false },
          singleProjectMode: true,
        },
      }),
    );
    return { file, ports };
  }

  it('does not start while another process holds one of its ports, the hub and logging too, and names it', async () => {
    const { file, ports } = await config();
    for (const [port, name] of [
      [ports.auth, 'the sign-in emulator'],
      [ports.hub, "the emulators' hub"],
      [ports.logging, "the emulators' logging"],
    ] as const) {
      const other = await listen(port);
      try {
        await expect(checkEmulatorPorts(file)).rejects.toThrow(
          `port ${port} (${name}) is in use: stop what runs there (another checkout's emulator?), ` +
            `or give this one other ports in ${file}`,
        );
      } finally {
        await new Promise((resolve) => other.close(resolve));
      }
    }
    await expect(checkEmulatorPorts(file)).resolves.toBeUndefined();
  });

  it('gives each emulator a temporary folder of its own (its TMPDIR), removed when it stops', async () => {
    const { file, ports } = await config();
    const options = {
      configFile: file,
      authPort: ports.auth,
      hubPort: ports.hub,
      logFile: join(folder, 'emulator.log'),
    };
    // Two on one configuration: only their folders are compared, neither is waited for.
    const emulators = [startEmulator(options), startEmulator(options)];
    try {
      const [first, second] = emulators.map((emulator) => emulator.tmpDir);
      expect(first).not.toBe(second);
      for (const emulator of emulators) {
        expect(existsSync(emulator.tmpDir)).toBe(true);
        expect(emulator.tmpDir.startsWith(join(tmpdir(), 'cardealer-emulator-'))).toBe(true);
        // What the process was started with (Linux shows a process's environment in /proc).
        const environment = readFileSync(`/proc/${emulator.process.pid}/environ`, 'utf8');
        expect(environment.split('\0')).toContain(`TMPDIR=${emulator.tmpDir}`);
      }
    } finally {
      await Promise.all(emulators.map((emulator) => emulator.stop()));
    }
    for (const emulator of emulators) expect(existsSync(emulator.tmpDir)).toBe(false);
  });
});
