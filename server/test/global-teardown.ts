import type { RunningEmulator } from '../../scripts/lib/emulator';

/** Stops the sign-in emulator if the global setup started one. */
export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { cardealerEmulator?: RunningEmulator };
  const emulator = holder.cardealerEmulator;
  holder.cardealerEmulator = undefined;
  if (emulator) await emulator.stop();
}
