/** Paging of the long lists: limit/offset or a keyset cursor, a whitelisted sort, a total. */

export type SortOrder = 'asc' | 'desc';

export interface PageRequest<Sort extends string> {
  /** Rows to answer; absent: all of them (the spec's full array). */
  limit?: number;
  offset?: number;
  /** An opaque cursor from a previous page's `nextCursor` (keyset paging; not with offset). */
  cursor?: string;
  sort: Sort;
  order: SortOrder;
}

export interface Page<Row> {
  rows: Row[];
  /** How many rows match the filter (all pages). */
  total: number;
  /** The cursor of the page after this one, or null on the last page (or without a limit). */
  nextCursor: string | null;
}

/** What a cursor holds: the sort it belongs to and the last row's sort value and id. */
export interface CursorKey {
  sort: string;
  order: SortOrder;
  /** A fingerprint of the filter (a cursor is only valid for the same filter). */
  filter: string;
  value: string | number;
  id: string;
}

export class BadCursor extends Error {}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.sort, key.order, key.filter, key.value, key.id])).toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadCursor('cursor: is not a cursor this server gave');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 5 ||
    typeof parsed[0] !== 'string' ||
    (parsed[1] !== 'asc' && parsed[1] !== 'desc') ||
    typeof parsed[2] !== 'string' ||
    (typeof parsed[3] !== 'string' && typeof parsed[3] !== 'number') ||
    typeof parsed[4] !== 'string'
  ) {
    throw new BadCursor('cursor: is not a cursor this server gave');
  }
  const [sort, order, filter, value, id] = parsed as [string, SortOrder, string, string, string];
  return { sort, order, filter, value, id };
}
