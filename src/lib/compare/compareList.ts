import { useSyncExternalStore } from 'react';

/** How many cars can be compared side by side. */
export const MAX_COMPARED = 4;
/** What a fifth car says (it changes nothing). */
export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${MAX_COMPARED} cars`;

/** The browser's key for the chosen cars (their ids, in the order chosen). */
export const COMPARE_KEY = 'compareCars';

/** A car's id as the API takes it (server/src/platform/http/schemas.ts, `Id`). */
export const isCarId = (id: unknown): id is string =>
  typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id);

const NONE: readonly string[] = [];
/** The list as last read or written, and its stored text (the snapshot changes with the text). */
let cached = { text: null as string | null, ids: NONE };
const listeners = new Set<() => void>();

/** The stored list: storage refused (private mode) keeps it in memory; damaged text is none. */
function read(): readonly string[] {
  let text: string | null;
  try {
    text = localStorage.getItem(COMPARE_KEY);
  } catch {
    return cached.ids;
  }
  if (text === cached.text) return cached.ids;
  let ids = NONE;
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    if (Array.isArray(value)) ids = [...new Set(value.filter(isCarId))].slice(0, MAX_COMPARED);
  } catch {
    // Not ours: none.
  }
  cached = { text, ids };
  return ids;
}

function write(ids: readonly string[]): void {
  cached = { text: JSON.stringify(ids), ids };
  try {
    localStorage.setItem(COMPARE_KEY, cached.text!);
  } catch {
    // Kept in memory for this page.
  }
  listeners.forEach((listener) => listener());
}

/** Follows the list here and in the browser's other tabs (their `storage` events). */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The chosen cars' ids; none while a page is rendered on the server or hydrated. */
export const useComparedCars = (): readonly string[] =>
  useSyncExternalStore(subscribe, read, () => NONE);

/** Adds a car to the list or takes it out; false, changing nothing, when the list is full. */
export function toggleCompared(id: string): boolean {
  const ids = read();
  if (ids.includes(id)) write(ids.filter((other) => other !== id));
  else if (ids.length < MAX_COMPARED) write([...ids, id]);
  else return false;
  return true;
}

/** Takes a car out of the list (nothing when it is not in it). */
export function removeCompared(id: string): void {
  if (read().includes(id)) toggleCompared(id);
}
