import type { CountedWindow, WindowHit } from '../db/repositories/rate-limits-repository';

/** Counts a call against keys, each in a fixed window of its own that starts at its first call. */
export interface WindowStore {
  hitWindows(hits: WindowHit[]): Promise<CountedWindow[]>;
}

/**
 * Calls per key in fixed windows, in this process's memory (one process: a single PGlite node;
 * bounded: at 100,000 keys the expired ones go, then all).
 */
export class WindowCounter implements WindowStore {
  private readonly windows = new Map<string, CountedWindow>();

  hitWindows(hits: WindowHit[]): Promise<CountedWindow[]> {
    return Promise.resolve(hits.map(({ key, windowMs }) => this.hitOne(key, windowMs)));
  }

  private hitOne(key: string, windowMs: number): CountedWindow {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= 100_000) this.prune(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { ...window };
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= 100_000) this.windows.clear();
  }
}
