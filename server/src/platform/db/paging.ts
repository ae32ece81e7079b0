/** Paging of the long lists: limit/offset or a keyset cursor, a whitelisted sort, a total. */

export type SortOrder = 'asc' | 'desc';

export interface PageRequest<Sort extends string> {
  /** Rows to answer; absent: all of them (the whole list, as the unpaged API answers). */
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

/** A cursor the server did not give, or one that does not fit the request (a 400). */
export class BadCursor extends Error {}
