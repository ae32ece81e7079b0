/**
 * Single-line text: names, places, a phone number, a reason. Such text reaches e-mails and
 * headers, where a line break would let a caller write lines of their own ('Open the booking:
 * https://…'), so it refuses every control character: C0 (CR, LF, tab, escape…), DEL and C1,
 * and the Unicode line and paragraph separators. It refuses the text-direction controls too
 * (embeddings, overrides and isolates): a right-to-left override shows a car named
 * 'Tesla \u202e3 ledoM' as 'Tesla Model 3', and turns the text after it around in a list or a
 * mail. Right-to-left letters themselves pass. Multi-line text (a description, a message)
 * keeps its line breaks and does not use these.
 */

/** The characters a single line refuses, as a regular expression's class body. */
const LINE_BREAKING = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';
/** U+202A–U+202E (embeddings, overrides, their end) and U+2066–U+2069 (isolates). */
const DIRECTION_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
const REFUSED = LINE_BREAKING + DIRECTION_CONTROLS;

/** One line that is not blank. */
export const SINGLE_LINE_PATTERN = `^(?=.*\\S)[^${REFUSED}]*$`;
/** One line, possibly empty (an optional reason). */
export const ONE_LINE_PATTERN = `^[^${REFUSED}]*$`;

const CONTROL = new RegExp(`[${LINE_BREAKING}]`, 'u');
const DIRECTION = new RegExp(`[${DIRECTION_CONTROLS}]`, 'u');

/**
 * What a field that failed one of these patterns says: control characters are named as such
 * (the common case is a pasted line break), then text-direction controls, else the text was
 * blank.
 */
export function singleLineProblem(value: unknown): string {
  if (typeof value !== 'string') return 'must not be blank';
  if (CONTROL.test(value)) {
    return 'must be one line, without line breaks or other control characters';
  }
  if (DIRECTION.test(value)) {
    return 'must not contain text-direction controls (U+202A–U+202E, U+2066–U+2069)';
  }
  return 'must not be blank';
}
