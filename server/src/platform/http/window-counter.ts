import type { CountedWindow, WindowHit } from './rate-limits-repository';

/** Counts a call against keys, each in a fixed window of its own that starts at its first call. */
export interface WindowStore {
  hitWindows(hits: WindowHit[]): Promise<CountedWindow[]>;
}

/**
 * Calls per key in fixed windows, in this process's memory (one process: a single PGlite node).
 * Bounded: at `capacity` keys the ended windows go, then the keys hit longest ago (a tenth), so a
 * flood of new keys never gives a busy account a fresh window.
 */
export class WindowCounter implements WindowStore {
  /** In the order the keys were last hit, the longest ago first. */
  private readonly windows = new Map<string, CountedWindow>();

  constructor(private readonly capacity = 100_000) {}

  hitWindows(hits: WindowHit[]): Promise<CountedWindow[]> {
    return Promise.resolve(hits.map(({ key, windowMs }) => this.hitOne(key, windowMs)));
  }

  private hitOne(key: string, windowMs: number): CountedWindow {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) window = { count: 0, resetAt: now + windowMs };
    // Moved to the end: the most recently hit.
    this.windows.delete(key);
    if (this.windows.size >= this.capacity) this.prune(now);
    this.windows.set(key, window);
    window.count += 1;
    return { ...window };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size < this.capacity) return;
    let drop = Math.max(1, Math.ceil(this.capacity / 10));
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}
