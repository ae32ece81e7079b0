import { waitFor } from '@testing-library/react';
import type { AppStore } from '../app/store';
import { server } from './server';

/**
 * Every request the app sends from now on, as 'METHOD /path?query' (origin left out), in the
 * order they leave. `stop()` ends the recording; `clear()` forgets what was recorded so far.
 */
export function recordRequests() {
  const sent: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    sent.push(`${request.method} ${url.pathname}${url.search}`);
  };
  server.events.on('request:start', listener);
  return {
    sent,
    clear: () => void sent.splice(0),
    stop: () => server.events.removeListener('request:start', listener),
  };
}

/** Nothing of the API's is pending: every query and mutation (refetches too) has answered. */
function idle(store: AppStore): boolean {
  const { queries, mutations } = store.getState().api;
  return [...Object.values(queries), ...Object.values(mutations)].every(
    (entry) => entry?.status !== 'pending',
  );
}

/**
 * Waits until the store's API has settled. A mutation's invalidations start their refetches
 * as it answers, so once it has answered and the API is idle, every request it caused has gone.
 */
export async function settled(store: AppStore): Promise<void> {
  await waitFor(() => expect(idle(store)).toBe(true));
}

/**
 * An answer held back until the test releases it: a handler awaits `held`, and the test calls
 * `release()` once it has seen the page wait (a spinner), however long the page took to load.
 */
export function heldAnswer(): { held: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}
