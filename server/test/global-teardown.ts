import { rmSync } from 'node:fs';
import { Client } from 'pg';
import type { RunningEmulator } from '../../scripts/lib/emulator';
import { snapshotPath, templateDatabase } from './paths';

/**
 * Removes this run's PGlite snapshot, or drops its PostgreSQL template database; stops the
 * sign-in emulator if the global setup started one.
 */
export default async function globalTeardown(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase()}`);
    } finally {
      await admin.end();
    }
  } else {
    rmSync(snapshotPath(), { force: true });
  }
  const holder = globalThis as { cardealerEmulator?: RunningEmulator };
  const emulator = holder.cardealerEmulator;
  holder.cardealerEmulator = undefined;
  if (emulator) await emulator.stop();
}
