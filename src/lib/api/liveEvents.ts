/**
 * The signed-in user's live events (`GET /api/events`, Server-Sent Events), read with `fetch`
 * so the access token travels in the `authorization` header, never in a URL. Reconnects with
 * backoff (1 s doubling to 30 s) until stopped; `onOpen` is called on every (re)connection, so
 * the caller can refetch what it may have missed. A sign-in account without its user record is
 * refused (409) until its registration saves one: `accountRecordSaved` then tries again at once.
 */
import { env } from '../../config/env';
import { readAccessToken } from './accessToken';
import { accountRecordSaved, recordsSaved, waiting } from './accountRecord';

export interface LiveEvent {
  event: string;
  data: unknown;
}

export interface LiveEventsOptions {
  onEvent(event: LiveEvent): void;
  onOpen?(): void;
  /** How long to wait before the next try (ms), by the number of failures in a row. */
  backoff?(failures: number): number;
}

const defaultBackoff = (failures: number) =>
  Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

export { accountRecordSaved };

/** Splits a stream's text into events; answers the rest (an event not yet complete). */
export function parseEvents(text: string, onEvent: (event: LiveEvent) => void): string {
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) continue; // a comment (the heartbeat) or a retry hint
    try {
      onEvent({ event, data: JSON.parse(data.join('\n')) as unknown });
    } catch {
      // Not JSON: not one of ours.
    }
  }
  return rest;
}

/** Opens the stream; the returned function stops it for good. */
export function openLiveEvents(options: LiveEventsOptions): () => void {
  const backoff = options.backoff ?? defaultBackoff;
  let stopped = false;
  let current: AbortController | null = null;
  let failures = 0;

  /** A pause of `ms`, cut short when the account's record is saved meanwhile. */
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(wake);
        resolve();
      }, ms);
      function wake() {
        clearTimeout(timer);
        waiting.delete(wake);
        // A fresh start: the refusals so far were for want of the record.
        failures = 0;
        resolve();
      }
      waiting.add(wake);
    });

  async function connectOnce(): Promise<void> {
    const token = readAccessToken();
    if (!token) throw new Error('no access token');
    current = new AbortController();
    const response = await fetch(`${env.apiOrigin}/api/events`, {
      headers: { authorization: `bearer ${token}`, accept: 'text/event-stream' },
      signal: current.signal,
      cache: 'no-store',
    });
    if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
    failures = 0;
    options.onOpen?.();
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer = parseEvents(buffer + decoder.decode(value, { stream: true }), options.onEvent);
    }
  }

  void (async () => {
    while (!stopped) {
      const saved = recordsSaved();
      try {
        await connectOnce();
      } catch {
        // Refused, dropped or offline: try again after a pause.
      }
      if (stopped) return;
      if (recordsSaved() !== saved) {
        // The record was saved while this try was under way: its refusal is stale.
        failures = 0;
        continue;
      }
      failures += 1;
      await wait(backoff(failures));
    }
  })();

  return () => {
    stopped = true;
    current?.abort();
  };
}
