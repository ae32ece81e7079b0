/**
 * Single-line text: names, places, a phone number, a reason. Such text reaches e-mails and
 * headers, where a line break would let a caller write lines of their own ('Open the booking:
 * https://…'), so it refuses every control character: C0 (CR, LF, tab, escape…), DEL and C1,
 * and the Unicode line and paragraph separators. Multi-line text (a description, a message)
 * keeps its line breaks and does not use these.
 */

/** The characters a single line refuses, as a regular expression's class body. */
const LINE_BREAKING = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';

/** One line that is not blank. */
export const SINGLE_LINE_PATTERN = `^(?=.*\\S)[^${LINE_BREAKING}]*$`;
/** One line, possibly empty (an optional reason). */
export const ONE_LINE_PATTERN = `^[^${LINE_BREAKING}]*$`;

const CONTROL = new RegExp(`[${LINE_BREAKING}]`, 'u');

/**
 * What a field that failed one of these patterns says: control characters are named as such
 * (the common case is a pasted line break), else the text was blank.
 */
export function singleLineProblem(value: unknown): string {
  return typeof value === 'string' && CONTROL.test(value)
    ? 'must be one line, without line breaks or other control characters'
    : 'must not be blank';
}
