/**
 * Paging cursors are signed by the server and parsed strictly: a cursor another secret signed,
 * or one changed by a character, is refused; so is a signed one whose parts are out of range.
 */
import {
  CursorCodec,
  cursorNumber,
  cursorOffset,
  cursorTimestamp,
  MAX_CURSOR_OFFSET,
} from './cursors';
import { BadCursor, type CursorKey } from '../db/paging';

const SECRET = 'a-secret-of-at-least-32-characters-for-cursors';
const key: CursorKey = {
  sort: 'createdAt',
  order: 'desc',
  filter: 'Tesla|',
  value: '2025-01-01 10:00:00.123456+00',
  id: 'abc123',
};

describe('signed cursors', () => {
  const codec = new CursorCodec(SECRET);

  it('reads back what it wrote, in the characters a query string carries as they are', () => {
    const cursor = codec.encode(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(cursor)).toEqual(key);
    // Another codec with the same secret (another replica) reads it too.
    expect(new CursorCodec(SECRET).decode(cursor)).toEqual(key);
  });

  it('refuses a cursor signed with another secret', () => {
    const cursor = new CursorCodec('another-secret-of-at-least-32-characters').encode(key);
    expect(() => codec.decode(cursor)).toThrow(BadCursor);
  });

  it('refuses a cursor changed in any one character', () => {
    const cursor = codec.encode(key);
    for (let i = 0; i < cursor.length; i++) {
      const changed = cursor.slice(0, i) + (cursor[i] === 'A' ? 'B' : 'A') + cursor.slice(i + 1);
      expect(() => codec.decode(changed)).toThrow('cursor: is not a cursor this server gave');
    }
  });

  it('refuses an unsigned cursor in the old readable shape, and junk', () => {
    const old = Buffer.from(JSON.stringify(['createdAt', 'desc', 'Tesla|', '1', 'x'])).toString(
      'base64url',
    );
    for (const cursor of [old, '', 'abc', 'A'.repeat(22), 'A'.repeat(600), '!!']) {
      expect(() => codec.decode(cursor)).toThrow(BadCursor);
    }
  });

  it.each([
    ['a sort that is no word', { sort: 'x; drop table' }],
    ['an id that is no id', { id: "' or 1=1 --" }],
    ['a fractional offset', { value: 1.5 }],
    ['a number past 2^53', { value: 2 ** 63 }],
    ['a long value', { value: '1'.repeat(65) }],
  ])('refuses a signed cursor with %s', (_what, change) => {
    const cursor = codec.encode({ ...key, ...change } as CursorKey);
    expect(() => codec.decode(cursor)).toThrow(BadCursor);
  });
});

describe('the values inside a cursor', () => {
  it.each(['2025-01-01 10:00:00+00', '2025-12-31 23:59:59.999999+00', '0001-01-01 00:00:00-05:30'])(
    'takes the timestamp %s',
    (value) => expect(cursorTimestamp(value)).toBe(value),
  );

  it.each(['294277-01-01', '2025-13-01 00:00:00+00', '2025-01-01', 'yesterday', 'infinity', 5])(
    'refuses the timestamp %s',
    (value) => expect(() => cursorTimestamp(value)).toThrow(BadCursor),
  );

  it.each(['38500', '0.5', '1e-7', '1.5e+21', '0', 'Infinity', 12.25])(
    'takes the number %s',
    (value) => expect(cursorNumber(value)).toBe(String(value)),
  );

  it.each(['1e400', '1e-400', '0b1', '0x1F', 'NaN', '-Infinity', '', ' 1', '1 ', '1e'])(
    'refuses the number %s',
    (value) => expect(() => cursorNumber(value)).toThrow(BadCursor),
  );

  it('takes offsets from 0 to the deepest page, nothing else', () => {
    expect(cursorOffset(0)).toBe(0);
    expect(cursorOffset(MAX_CURSOR_OFFSET)).toBe(MAX_CURSOR_OFFSET);
    for (const value of [-1, MAX_CURSOR_OFFSET + 1, 1e300, 2 ** 63, 1.5, '24']) {
      expect(() => cursorOffset(value)).toThrow(BadCursor);
    }
  });
});
