import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/** A response header of a hand-written endpoint's answer. */
export function header(meta: unknown, name: string): string | null {
  return (meta as FetchBaseQueryMeta | undefined)?.response?.headers.get(name) ?? null;
}

/** X-Total-Count, or (a server that did not send it) what the page itself shows. */
export function totalOf(meta: unknown, fallback: number): number {
  const value = Number(header(meta, 'X-Total-Count') ?? Number.NaN);
  return Number.isFinite(value) ? value : fallback;
}

// Optimistic updates (redux-essentials style): patch the cached lists when a mutation starts,
// undo the patches if the server refuses. Tag invalidation then refetches the truth: a patch
// keeps the tags of the server's last answer (`updateProvided` false), or a list a car was
// patched out of would no longer answer to that car's tag, and would not be refetched.
export const KEEP_TAGS = false;

export type Patch = { undo: () => void };

/** Removes the record with this `_id` from a cached list (in place, as Immer wants). */
export function without<T extends { _id: string }>(list: T[], id: string): void {
  const index = list.findIndex((item) => item._id === id);
  if (index >= 0) list.splice(index, 1);
}

/** Waits for the server; on a refusal the patches are undone (newest first). */
export async function optimistic(
  queryFulfilled: Promise<unknown>,
  patches: Patch[],
): Promise<void> {
  try {
    await queryFulfilled;
  } catch {
    for (const patch of [...patches].reverse()) patch.undo();
  }
}
