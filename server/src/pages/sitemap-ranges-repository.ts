import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { sitemapRanges } from '../platform/db/schema';

/** A file's range as stored: an open end is ''. */
interface StoredRange {
  from?: string;
  to?: string;
}

/**
 * The sitemap files' ranges the index published, and when last (schema.ts, `sitemapRanges`):
 * shared by every replica, so an index read from one is good on all.
 */
export function sitemapRangesRepository(db: Db) {
  return {
    /** Records `ranges` of `kind` as published now, and forgets those older than `keepMs`. */
    async publish(kind: string, ranges: StoredRange[], keepMs: number): Promise<void> {
      if (ranges.length > 0) {
        await db
          .insert(sitemapRanges)
          .values(
            ranges.map((range) => ({ kind, rangeFrom: range.from ?? '', rangeTo: range.to ?? '' })),
          )
          .onConflictDoUpdate({
            target: [sitemapRanges.kind, sitemapRanges.rangeFrom, sitemapRanges.rangeTo],
            set: { publishedAt: sql`now()` },
          });
      }
      await db
        .delete(sitemapRanges)
        .where(lt(sitemapRanges.publishedAt, sql`now() - make_interval(secs => ${keepMs / 1000})`));
    },

    /** Whether an index published this range of `kind` in the last `withinMs`. */
    async published(kind: string, range: StoredRange, withinMs: number): Promise<boolean> {
      const [row] = await db
        .select({ kind: sitemapRanges.kind })
        .from(sitemapRanges)
        .where(
          and(
            eq(sitemapRanges.kind, kind),
            eq(sitemapRanges.rangeFrom, range.from ?? ''),
            eq(sitemapRanges.rangeTo, range.to ?? ''),
            gt(sitemapRanges.publishedAt, sql`now() - make_interval(secs => ${withinMs / 1000})`),
          ),
        );
      return row !== undefined;
    },
  };
}
