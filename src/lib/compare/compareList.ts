import { useSyncExternalStore } from 'react';

/** How many cars can be compared side by side. */
export const MAX_COMPARED = 4;
/** What a fifth car says (it changes nothing). */
export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${MAX_COMPARED} cars`;

/** The browser's key for the chosen cars (their ids, in the order chosen). */
export const COMPARE_KEY = 'compareCars';

/** A car's id as the API takes it (server/src/routes/schemas.ts, `Id`). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
export const isCarId = (id: string) => ID.test(id);

const NONE: readonly string[] = Object.freeze([]);
let cachedText: string | null = null;
let cached: readonly string[] = NONE;
const listeners = new Set<() => void>();

/** The stored list, read again only when its text changed (so the snapshot is stable). */
function read(): readonly string[] {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(COMPARE_KEY);
  } catch {
    return cached; // storage refused (private mode, blocked): the list lives in memory only
  }
  if (text === cachedText) return cached;
  cachedText = text;
  cached = NONE;
  try {
    const value: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(value)) {
      const ids = value.filter((id): id is string => typeof id === 'string' && isCarId(id));
      cached = Object.freeze([...new Set(ids)].slice(0, MAX_COMPARED));
    }
  } catch {
    // Not ours or damaged: start again with none.
  }
  return cached;
}

function write(ids: readonly string[]): void {
  cached = Object.freeze([...ids]);
  cachedText = JSON.stringify(cached);
  try {
    window.localStorage.setItem(COMPARE_KEY, cachedText);
  } catch {
    // Kept in memory for this page.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the list.
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The chosen cars' ids; none while a page is rendered on the server or hydrated. */
export function useComparedCars(): readonly string[] {
  return useSyncExternalStore(subscribe, read, () => NONE);
}

/**
 * Adds a car to the list or takes it out. Answers false, changing nothing, when the list is full.
 */
export function toggleCompared(id: string): boolean {
  const ids = read();
  if (ids.includes(id)) {
    write(ids.filter((other) => other !== id));
    return true;
  }
  if (ids.length >= MAX_COMPARED) return false;
  write([...ids, id]);
  return true;
}

/** Takes a car out of the list (nothing when it is not in it). */
export function removeCompared(id: string): void {
  const ids = read();
  if (ids.includes(id)) write(ids.filter((other) => other !== id));
}

/** Empties the list. */
export function clearCompared(): void {
  write([]);
}
