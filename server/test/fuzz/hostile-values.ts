/**
 * Hostile values: injection strings, huge strings, control characters, unicode, wrong types and
 * deep objects, and the visible-ASCII values a header can carry.
 */
import fc from 'fast-check';

const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(1)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\u202e\u0644\u0627',
  '\ud800',
  '\udfff\ud800',
  '🚗💨',
  'Ṫéśłà Ⓜⓞⓓⓔⓛ',
  '𝕋𝕖𝕤𝕝𝕒',
  'ＴＥＳＬＡ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  '__proto__',
  'constructor',
  '$where',
  '{"$gt": ""}',
  ' ',
  '',
  '\t\n',
  'a@b',
  '@',
  'x@y.z',
  'EXAMPLE@TEST.CARDEALER.DEV ',
];

const hugeString = fc
  .tuple(fc.constantFrom('A', 'é', '🚗', '\u0000', '<', '%'), fc.integer({ min: 256, max: 70_000 }))
  .map(([unit, count]) => unit.repeat(count));

/** Control and non-characters: NUL, escape, DEL, BOM, U+FFFE/FFFF, line and paragraph separators. */
const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\u2028',
  '\u2029',
];

/** Text with a control character somewhere in it. */
const controlText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `${a}${c}${b}x`);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: controlText },
  { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...INJECTIONS), fc.string({ unit: 'grapheme', maxLength: 20 }))
      .map(([a, b]) => a + b),
  },
);

/** Nested arrays or objects, deep enough to trouble a naive recursive walk. */
const deepValue = fc
  .tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = 'x';
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
    return value;
  });

const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  deepValue,
  fc.jsonValue({ maxDepth: 3 }),
);

export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: wrongType },
);

/** Header values must be visible ASCII (HTTP refuses the rest before the server sees it). */
export const headerValue = fc.oneof(
  fc.constantFrom(...INJECTIONS.filter((s) => /^[\x20-\x7e]*$/.test(s))),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  fc.integer({ min: 1, max: 9000 }).map((n) => 'z'.repeat(n)),
);
