/**
 * A short-lived in-process cache of the public catalogue's answers (categories, advertised
 * products, category pages), kept serialized and compressed (catalogue-answers.ts). Every
 * catalogue change clears it on every replica (catalogue-sync.ts); an entry lives at most
 * `ttlMs`, clamped to 1000 ms, whatever happens to the notices.
 * Concurrent misses of one key share one database query (the promise is cached), so a burst
 * of requests after an invalidation costs one query per key, not one per request.
 */

/** The longest an answer is kept, in milliseconds (also the largest allowed TTL). */
export const MAX_CATALOGUE_CACHE_MS = 1000;

interface Entry {
  expires: number;
  value: Promise<unknown>;
}

export class CatalogueCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners: Array<() => void> = [];
  readonly ttlMs: number;

  constructor(
    ttlMs: number,
    private readonly maxEntries = 2000,
  ) {
    this.ttlMs = Math.max(0, Math.min(MAX_CATALOGUE_CACHE_MS, ttlMs));
  }

  /** The cached answer for `key`, or `load()`'s (cached for `ttlMs` when it succeeds). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value as Promise<T>;
    const value = load();
    const entry: Entry = { expires: now + this.ttlMs, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    // A failed load is not kept.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) {
      // Map keeps insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return value;
  }

  /** Forgets everything (after a write), and tells whoever keeps something derived from it. */
  invalidate(): void {
    this.entries.clear();
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` on every invalidate (another cache of the catalogue: the price lists). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The TTL from `CATALOGUE_CACHE_MS` (default 1000; 0 turns the cache off; more than 1000 is
 * clamped to 1000).
 */
export function catalogueCacheMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.CATALOGUE_CACHE_MS;
  if (raw === undefined || raw.trim() === '') return MAX_CATALOGUE_CACHE_MS;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) return MAX_CATALOGUE_CACHE_MS;
  return Math.min(MAX_CATALOGUE_CACHE_MS, Math.floor(value));
}
