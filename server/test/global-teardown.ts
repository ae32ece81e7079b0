import { rmSync } from 'node:fs';
import type { RunningEmulator } from '../../scripts/lib/emulator';
import { snapshotPath } from './paths';

/** Removes this run's PGlite snapshot; stops the sign-in emulator if the global setup started one. */
export default async function globalTeardown(): Promise<void> {
  if (!process.env.DATABASE_URL) rmSync(snapshotPath(), { force: true });
  const holder = globalThis as { cardealerEmulator?: RunningEmulator };
  const emulator = holder.cardealerEmulator;
  holder.cardealerEmulator = undefined;
  if (emulator) await emulator.stop();
}
