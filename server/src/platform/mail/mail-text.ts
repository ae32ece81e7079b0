/**
 * How users' words go into the platform's mail: a single-line value (a name, a car's name) stays
 * on one line, whatever it holds, and every user-written text in a body is quoted ('> ' before
 * each of its lines), so it can never pass for the platform's own words or links. Safe on its
 * own: rows written before the API refused control characters pass through here too.
 */

/** Every way to end a line: CR LF, CR, LF, vertical tab, form feed, NEL, line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- line breaks are control characters
const LINE_BREAK = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/;
/** The other control characters (C0 but tab, DEL, C1) and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The quote mark of a body line written by a user. */
export const QUOTE = '> ';

/**
 * A single-line value as it may stand in a subject or a sentence: every line break and control
 * character becomes a space, runs of spaces one, at most `max` characters (cut with '…').
 */
export function oneLine(value: string, max = 120): string {
  const flat = value
    .split(LINE_BREAK)
    .join(' ')
    .replace(CONTROL, ' ')
    .replace(/[\t ]+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** A user's text as quoted body lines: each of its lines after '> ' (an empty one as '>'). */
export function quoted(value: string): string[] {
  return value
    .replace(/\s+$/, '')
    .split(LINE_BREAK)
    .map((line) => line.replace(CONTROL, ' ').trimEnd())
    .map((line) => (line ? `${QUOTE}${line}` : QUOTE.trimEnd()));
}

/** A single-line value quoted: one body line. */
export const quotedLine = (value: string, max?: number): string => `${QUOTE}${oneLine(value, max)}`;
