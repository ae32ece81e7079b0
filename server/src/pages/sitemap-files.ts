/**
 * The sitemap files' addresses. A file is named by the range of ids it holds:
 * `/sitemaps/cars.xml?from=<id>&to=<id>` is the cars for sale from the first id (included) up to
 * the second (left out); the first file has no `from`, the last no `to`. So an address means the
 * same cars however many are added or sold before them, and the files of one index split every
 * id between them. `/sitemaps/cars-<n>.xml` and `/sitemaps/sellers-<n>.xml`, the numbered names
 * of the earlier index, still answer for crawlers that kept them: the n-th file of the index as
 * it is now, served rather than redirected (the same bytes as its range's address, with nothing
 * for a crawler to follow). A number is not a keyset: a crawler reading numbered files while cars
 * are added may see a car twice or miss one near a file's end, until it reads the index again.
 */
import type { IdRange } from '../platform/db/id-ranges';
import { httpError } from '../platform/http/errors';
import type { SitemapKind } from './sitemap-bounds';

/** A file asked for: by its range, or by its number in the index as it is now. */
export type FileName = { kind: SitemapKind; range: IdRange } | { kind: SitemapKind; n: number };

/** A car's or an account's id, as the API takes them (routes/schemas.ts Id), or a place's slug. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const BY_RANGE = /^(cars|sellers|places)\.xml$/;
// Six digits: more than a million files would be 50 billion addresses.
const BY_NUMBER = /^(cars|sellers|places)-([1-9]\d{0,5})\.xml$/;

/** The file's address (raw: escape it for XML). */
export function fileUrl(origin: string, kind: SitemapKind, range: IdRange): string {
  const query = new URLSearchParams();
  if (range.from !== undefined) query.set('from', range.from);
  if (range.to !== undefined) query.set('to', range.to);
  const search = query.toString();
  return `${origin}/sitemaps/${kind}.xml${search ? `?${search}` : ''}`;
}

/** One end of a range from the query string: absent, or an id (anything else is a 400). */
function end(query: Record<string, unknown>, name: 'from' | 'to'): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !ID.test(value)) {
    throw httpError(400, `${name}: one id (letters, digits, _ and -, at most 64)`);
  }
  return value;
}

/** The file `name` (with `query`) asks for; null: no such file name. */
export function parseFileName(name: string, query: Record<string, unknown>): FileName | null {
  const byRange = BY_RANGE.exec(name);
  if (byRange) {
    return {
      kind: byRange[1] as SitemapKind,
      range: { from: end(query, 'from'), to: end(query, 'to') },
    };
  }
  const byNumber = BY_NUMBER.exec(name);
  if (byNumber) return { kind: byNumber[1] as SitemapKind, n: Number(byNumber[2]) };
  return null;
}

/**
 * How many addresses the index puts in a file of at most `perFile`: a tenth is left free, so
 * the cars added to a file's range after the index was read still fit in it (one file of a
 * million cars' index holds 45,000 of an id range where new ids fall evenly).
 */
export function fillOf(perFile: number): number {
  return Math.max(1, perFile - Math.ceil(perFile / 10));
}
