/**
 * Paging cursors: signed by the server, parsed strictly. A cursor is the base64url JSON of its
 * parts behind an HMAC-SHA-256 of them (keyed by the server's secret, so every replica that
 * shares the secret reads every other's cursors). A cursor the server did not give, or one
 * changed by a single character, is a BadCursor (400 'cursor: …'), never a value that reaches
 * the database; and the parts of a genuine one are checked again before use.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { BadCursor, type CursorKey, type SortOrder } from '../db/paging';

/** The signature's length in base64url characters (16 bytes of the HMAC). */
const MAC_CHARS = 22;
/** What a cursor's value may be: text this long at most, or a whole number. */
const MAX_VALUE_CHARS = 64;
/** The deepest relevance page a cursor may point at (rows skipped). */
export const MAX_CURSOR_OFFSET = 1_000_000;

/** What a cursor this server did not give is told (a 400). */
export const NOT_OURS = 'cursor: is not a cursor this server gave';

export class CursorCodec {
  private readonly key: Buffer;

  /** `secret`: the server's (the access-token secret); a random one when absent. */
  constructor(secret: string = randomBytes(48).toString('base64url')) {
    // A key of its own, derived from the secret: a cursor's MAC signs nothing else.
    this.key = createHmac('sha256', secret).update('cardealer paging cursor v1').digest();
  }

  /** The signature of a payload: 16 bytes of its HMAC, in base64url (22 characters). */
  private mac(payload: string): string {
    return createHmac('sha256', this.key)
      .update(payload)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }

  encode(key: CursorKey): string {
    const payload = Buffer.from(
      JSON.stringify([key.sort, key.order, key.filter, key.value, key.id]),
    ).toString('base64url');
    return this.mac(payload) + payload;
  }

  /** The parts of a cursor this server gave; anything else is a BadCursor. */
  decode(cursor: string): CursorKey {
    // The signature's text, compared as text: two spellings of the same bytes are not both ours.
    const given = Buffer.from(cursor.slice(0, MAC_CHARS));
    const payload = cursor.slice(MAC_CHARS);
    const expected = Buffer.from(this.mac(payload));
    if (
      !/^[A-Za-z0-9_-]+$/.test(cursor) ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      throw new BadCursor(NOT_OURS);
    }
    let parts: unknown;
    try {
      parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new BadCursor(NOT_OURS);
    }
    if (!Array.isArray(parts) || parts.length !== 5) throw new BadCursor(NOT_OURS);
    const [sort, order, filter, value, id] = parts as unknown[];
    if (
      typeof sort !== 'string' ||
      !/^[A-Za-z_]{1,20}$/.test(sort) ||
      (order !== 'asc' && order !== 'desc') ||
      typeof filter !== 'string' ||
      filter.length > 200 ||
      !(
        (typeof value === 'string' && value.length <= MAX_VALUE_CHARS) ||
        (typeof value === 'number' && Number.isSafeInteger(value))
      ) ||
      typeof id !== 'string' ||
      !/^[A-Za-z0-9_-]{1,64}$/.test(id)
    ) {
      throw new BadCursor(NOT_OURS);
    }
    return { sort, order: order as SortOrder, filter, value, id };
  }
}

/**
 * A timestamp as PostgreSQL writes `timestamptz::text` ('2025-01-01 10:00:00.123456+00'), of a
 * year from 1 to 9999: the text the cursor carries back to the database.
 */
export function cursorTimestamp(value: string | number): string {
  const match =
    typeof value === 'string' &&
    /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/.exec(
      value,
    );
  if (!match) throw new BadCursor(NOT_OURS);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  if (
    year! < 1 ||
    month! < 1 ||
    month! > 12 ||
    day! < 1 ||
    day! > 31 ||
    hour! > 23 ||
    minute! > 59 ||
    second! > 59
  ) {
    throw new BadCursor(NOT_OURS);
  }
  return value as string;
}

/**
 * A price or a deal ratio as text PostgreSQL reads as float8: decimal digits with an optional
 * exponent, never out of its range (1e400, 1e-400), never another notation (0b1, 0x1F), or
 * 'Infinity' (the deal ratio of a car with too few comparables).
 */
export function cursorNumber(value: string | number): string {
  const text = String(value);
  if (text === 'Infinity') return text;
  if (!/^-?\d{1,20}(\.\d{1,20})?(e[+-]?\d{1,3})?$/i.test(text)) throw new BadCursor(NOT_OURS);
  const number = Math.abs(Number(text));
  const zero = /^-?[0.]+(e|$)/i.test(text);
  if (!Number.isFinite(number) || (zero ? number !== 0 : number < 1e-300 || number > 1e300)) {
    throw new BadCursor(NOT_OURS);
  }
  return text;
}

/** The rows a relevance page skips: a whole number from 0 to MAX_CURSOR_OFFSET. */
export function cursorOffset(value: string | number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new BadCursor(NOT_OURS);
  if (value < 0 || value > MAX_CURSOR_OFFSET) throw new BadCursor(NOT_OURS);
  return value;
}
