/**
 * The sitemap's files, each built once and kept (gzipped, with its ETag) until the catalogue
 * changes. A file is up to 50,000 rows read and about 6 MB of XML written: built on every
 * request, a few crawlers (or anyone) asking at once held the event loop for seconds. So files
 * are built one at a time, in the order asked (a request for a file being built or waiting to
 * be shares that build), at most `maxInLine` builds are under way or waiting, and a built file is kept compressed
 * (a tenth of its size) so that the `maxKept` kept files stay small. A kept file lives at most
 * `maxAgeMs` whatever happens to the catalogue's notices.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** A built file: its XML gzipped, and its ETag (a hash of those bytes). */
export interface BuiltFile {
  gzipped: Buffer;
  etag: string;
}

interface Kept {
  expires: number;
  file: Promise<BuiltFile | null>;
}

/** More builds wait than the line holds: a 503 (sent by the route). */
export class SitemapBusy extends Error {
  constructor() {
    super('The sitemap is busy: try again in a minute');
  }
}

export class SitemapFiles {
  /** The files kept or being built, by key; null: nothing in the file's range. */
  private readonly kept = new Map<string, Kept>();
  /** The last build in line: the next one starts when it ends. */
  private line: Promise<unknown> = Promise.resolve();
  /** Builds under way or waiting. */
  private inLine = 0;
  /** Files built since the start (a file served from what is kept is not built again). */
  builds = 0;

  constructor(
    private readonly maxKept: number,
    private readonly maxInLine: number,
    private readonly maxAgeMs: number,
  ) {}

  /**
   * The file `key`: kept, or built by `build` (its XML; null: nothing in its range) once the
   * builds before it are done. Throws SitemapBusy when the line is full.
   */
  get(key: string, build: () => Promise<string | null>): Promise<BuiltFile | null> {
    const now = Date.now();
    const hit = this.kept.get(key);
    if (hit && hit.expires > now) return hit.file;
    if (this.inLine >= this.maxInLine) throw new SitemapBusy();
    this.inLine += 1;
    const built = this.line.then(async () => {
      try {
        this.builds += 1;
        const xml = await build();
        if (xml === null) return null;
        const gzipped = await gzipAsync(xml);
        const etag = `"${createHash('sha256').update(gzipped).digest('base64url').slice(0, 27)}"`;
        return { gzipped, etag };
      } finally {
        this.inLine -= 1;
      }
    });
    this.line = built.catch(() => undefined);
    const entry: Kept = { expires: now + this.maxAgeMs, file: built };
    this.kept.delete(key);
    this.kept.set(key, entry);
    // A failed build is not kept: the next request tries again.
    built.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    if (this.kept.size > this.maxKept) {
      // Map keeps insertion order: the oldest goes (a crawler reads the files in order).
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    return built;
  }

  /** Forgets every file (the catalogue changed); builds under way finish for their callers. */
  clear(): void {
    this.kept.clear();
  }
}
