/**
 * A LISTEN connection lost for a while, for the tests of what a replica hears across it: on
 * PostgreSQL a TCP relay in front of the database, closed (every connection through it cut, and
 * new ones refused) and opened again; on PGlite, which has no connection to lose, a LISTEN that
 * drops what is sent while "cut" and, on resuming, tells the gap as a reconnection does.
 */
import { openDatabase, type Database } from '../src/platform/db/client';
import type { Listen } from '../src/platform/events/event-hub';
import { CuttableProxy } from './cuttable-proxy';

export interface LostListen {
  listen: Listen;
  cut(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** On PostgreSQL: LISTEN through a relay to the database `url` names. */
export async function relayedListen(url: string): Promise<LostListen> {
  const relay = await CuttableProxy.toUrl(url);
  const database = await openDatabase({ databaseUrl: relay.url(url), poolSize: 1 });
  return {
    listen: database.listen,
    cut: () => relay.refuse(),
    resume: () => relay.restore(),
    close: async () => {
      await relay.close();
      await database.close();
    },
  };
}

/** On PGlite: the database's own LISTEN, deaf while cut. */
export function deafenedListen(database: Database): LostListen {
  let deaf = false;
  let cutAt = 0;
  const gaps = new Set<(ms: number) => void>();
  return {
    listen: async (channel, onPayload, onGap) => {
      if (onGap) gaps.add(onGap);
      const stop = await database.listen(channel, (payload) => {
        if (!deaf) onPayload(payload);
      });
      return async () => {
        if (onGap) gaps.delete(onGap);
        await stop();
      };
    },
    cut: async () => {
      deaf = true;
      cutAt = Date.now();
    },
    resume: async () => {
      deaf = false;
      for (const gap of gaps) gap(Date.now() - cutAt);
    },
    close: async () => undefined,
  };
}
