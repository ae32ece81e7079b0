/**
 * Query values that once reached the database as they were: forged and mutated paging cursors,
 * numbers at the edges of what JavaScript and PostgreSQL read (1e400, 0b1, 2^63…), and long
 * runs of punctuation (33 '-' overflowed the text search's parser). Sent to every parameter of
 * every route; none may make a 5xx.
 */
import fc from 'fast-check';

const NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '0b1',
  '0o7',
  '0x1F',
  '1_000',
  '9223372036854775808',
  '18446744073709551616',
  String(2 ** 63),
  '1e300',
  '-0',
  '0.0000000000000000000001',
  'NaN',
  'Infinity',
  '-Infinity',
  '１２',
  ' 12 ',
  '12.',
  '.5',
  '1e',
  '294277-01-01',
  '294277-01-01 00:00:00+00',
  '-infinity',
  'epoch',
  'allballs',
];

const PUNCTUATION = [
  '-',
  '!',
  '"',
  '(',
  ')',
  '|',
  '&',
  ':',
  '*',
  "'",
  '\\',
  '%',
  '_',
  '<->',
  '- ',
  '-!',
  'or ',
];

/** A forged cursor in the readable shape: base64url JSON of its five parts. */
const forged = fc
  .tuple(
    fc.constantFrom(
      'newest',
      'price_asc',
      'price_desc',
      'deal',
      'relevance',
      'createdAt',
      'resalePrice',
    ),
    fc.constantFrom('asc', 'desc', 'x'),
    fc.constantFrom('', 'Tesla|', 'Tesla|Good', 'AAAAAAAAAAAAAAAA'),
    fc.oneof(
      fc.constantFrom<unknown>(...NUMBERS, 1e300, 2 ** 63, -1, 1.5, null, [], {}),
      fc.double(),
      fc.string({ maxLength: 20 }),
    ),
    fc.constantFrom('x', "' or 1=1 --", '', 'a'.repeat(100)),
  )
  .map((parts) => Buffer.from(JSON.stringify(parts)).toString('base64url'));

/** A genuine cursor changed: a character flipped, cut short, lengthened, its parts swapped. */
function mutated(genuine: string[]): fc.Arbitrary<string> {
  if (genuine.length === 0) return forged;
  return fc
    .tuple(
      fc.constantFrom(...genuine),
      fc.nat(),
      fc.constantFrom('flip', 'cut', 'grow', 'swap'),
      forged,
    )
    .map(([cursor, n, how, other]) => {
      const at = n % cursor.length;
      if (how === 'flip')
        return cursor.slice(0, at) + (cursor[at] === 'A' ? 'B' : 'A') + cursor.slice(at + 1);
      if (how === 'cut') return cursor.slice(0, at);
      if (how === 'grow') return cursor + cursor.slice(0, at + 1);
      // The genuine signature in front of a forged payload.
      return cursor.slice(0, 22) + other;
    });
}

/** Edge values for any query or path parameter; `cursors`: genuine ones the server gave. */
export function edgeQueryValue(cursors: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...NUMBERS),
    fc
      .tuple(
        fc.constantFrom(...PUNCTUATION),
        fc.integer({ min: 30, max: 200 }),
        fc.constantFrom('', 'tesla', ' tesla'),
      )
      .map(([unit, n, tail]) => (unit.repeat(n) + tail).slice(0, 600)),
    forged,
    mutated(cursors),
  );
}
