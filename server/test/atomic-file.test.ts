/**
 * A file the running cluster rewrites while a test or an operator reads it (who is who, a
 * restart's progress) is read whole: another process reading it in a loop while it is rewritten
 * a few hundred times never finds it empty or cut short.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomically } from '../../scripts/lib/atomic-file';

/** What a reader in another process saw while `rewrite` ran: reads, and reads not whole JSON. */
async function readWhileRewritten(
  path: string,
  rewrite: () => void,
): Promise<{ reads: number; broken: number }> {
  const reader = spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('node:fs');
      let reads = 0, broken = 0;
      const end = Date.now() + 1500;
      process.stdout.write('ready\\n');
      while (Date.now() < end) {
        reads++;
        try { JSON.parse(fs.readFileSync(${JSON.stringify(path)}, 'utf8')); } catch { broken++; }
      }
      process.stdout.write(JSON.stringify({ reads, broken }));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  reader.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve) => {
    const ready = () => (out.includes('ready') ? resolve() : reader.stdout.once('data', ready));
    reader.stdout.once('data', ready);
  });
  const until = Date.now() + 1000;
  while (Date.now() < until) rewrite();
  await new Promise((resolve) => reader.once('exit', resolve));
  return JSON.parse(out.slice(out.indexOf('{'))) as { reads: number; broken: number };
}

describe('writeFileAtomically', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cardealer-atomic-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lets another process read the old text or the new, never a part', async () => {
    const path = join(dir, 'roster.json');
    const roster = (n: number) =>
      JSON.stringify(
        Array.from({ length: 2000 }, (_, i) => ({ name: `node-${i}`, port: 5000 + i, pid: n })),
      );
    let n = 0;
    writeFileAtomically(path, roster(n));
    const seen = await readWhileRewritten(path, () => writeFileAtomically(path, roster(++n)));
    expect(n).toBeGreaterThan(10);
    expect(seen.reads).toBeGreaterThan(10);
    expect(seen.broken).toBe(0);
  });
});
