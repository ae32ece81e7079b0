/**
 * Where the sitemap's files start, kept a while: finding them is one pass over every car for
 * sale (a second or so at a million), and the index and the files crawlers kept under their old
 * numbered names both need them. Concurrent reads share one pass; a catalogue change (on any
 * replica) or `ttlMs` ends the kept bounds. Kept bounds are never wrong, only less even: a file
 * is named by its range (sitemap-files.ts), so a car added or sold since moves no other file.
 */
import type { IdBounds } from '../platform/db/id-ranges';

export type SitemapKind = 'cars' | 'sellers' | 'places';

interface Kept {
  expires: number;
  bounds: Promise<IdBounds>;
}

export class SitemapBounds {
  private readonly kept = new Map<SitemapKind, Kept>();

  constructor(
    private readonly ttlMs: number,
    private readonly load: Record<SitemapKind, () => Promise<IdBounds>>,
  ) {}

  get(kind: SitemapKind): Promise<IdBounds> {
    const now = Date.now();
    const hit = this.kept.get(kind);
    if (hit && hit.expires > now) return hit.bounds;
    const entry: Kept = { expires: now + this.ttlMs, bounds: this.load[kind]() };
    this.kept.set(kind, entry);
    // A failed pass is not kept: the next request tries again.
    entry.bounds.catch(() => {
      if (this.kept.get(kind) === entry) this.kept.delete(kind);
    });
    return entry.bounds;
  }

  clear(): void {
    this.kept.clear();
  }
}
