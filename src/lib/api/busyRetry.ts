/**
 * Writes that are safe to send again (sent with an `Idempotency-Key`: a booking, a booking's
 * message) are sent again while the marketplace is busy (a 503: no primary answers during a
 * failover) or the network failed: the same request with the same key, after the server's
 * `Retry-After`, for at most 30 s in all. The server keeps the key's answer, so however many
 * tries reached it, the booking or message is there once. Meanwhile the screen that sent it says
 * 'The marketplace is busy: trying again…' (`useMarketplaceBusy`) instead of an error; the last
 * failure is answered as it is, with the server's message.
 */
import { useSyncExternalStore } from 'react';
import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** How long a write is tried again at most, from its first try (ms). */
export const BUSY_RETRY_WINDOW_MS = 30_000;
/** The wait before the next try when the server named none (a network failure) (s). */
const DEFAULT_WAIT_SECONDS = 2;
/** What the screen says while a write is being tried again. */
export const BUSY_TRYING_AGAIN = 'The marketplace is busy: trying again…';

const HEADER = 'idempotency-key';

/**
 * A fresh key for one action of the user (a click of Submit, of Send): its retries share it.
 * `randomUUID` exists only on secure pages (https, localhost); elsewhere 16 random bytes.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key a request carries; null: not safe to send again. */
export function idempotencyKeyOf(args: string | FetchArgs): string | null {
  if (typeof args === 'string' || !args.headers) return null;
  const headers = args.headers;
  const value =
    headers instanceof Headers
      ? headers.get(HEADER)
      : Array.isArray(headers)
        ? headers.find(([name]) => name.toLowerCase() === HEADER)?.[1]
        : (headers as Record<string, string | undefined>)[HEADER];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Whether a failure is worth the same request again: busy (503) or no answer at all. */
function isBusy(error: FetchBaseQueryError): boolean {
  if (error.status === 503) return true;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

/** The server's `Retry-After` in ms (seconds; a date is not sent by this server). */
function waitOf(meta: unknown): number {
  const response = (meta as FetchBaseQueryMeta | undefined)?.response;
  const seconds = Number(response?.headers.get('retry-after') ?? Number.NaN);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_WAIT_SECONDS) * 1000;
}

/** Writes being tried again now (the screens show the busy state while it is above 0). */
let retrying = 0;
const listeners = new Set<() => void>();
const changed = (by: number) => {
  retrying += by;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a write is being tried again because the marketplace is busy. */
export function useMarketplaceBusy(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => retrying > 0,
    () => false,
  );
}

interface Tried {
  error?: FetchBaseQueryError;
  meta?: unknown;
}

/**
 * `send` once, and while it fails busy again after each `Retry-After`, as long as the next try
 * starts within the 30 s window. Answers the last result.
 */
export async function retryWhileBusy<R extends Tried>(send: () => Promise<R>): Promise<R> {
  const started = Date.now();
  let result = await send();
  let waiting = false;
  try {
    while (result.error && isBusy(result.error)) {
      const wait = waitOf(result.meta);
      if (Date.now() + wait - started > BUSY_RETRY_WINDOW_MS) break;
      if (!waiting) {
        waiting = true;
        changed(1);
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      result = await send();
    }
  } finally {
    if (waiting) changed(-1);
  }
  return result;
}
