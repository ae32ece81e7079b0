import { httpError } from '../platform/http/errors';
import { withCursorErrors } from '../platform/http/paging';

/**
 * The free text of a search (`q`) as PostgreSQL's web-search parser can take it. Each `-` that
 * starts a word negates what follows, and the parser keeps at most 32 operators on its stack:
 * 33 negations in a row ('---…-', '- - -…', '-!-!…') fail the query. They mean nothing a
 * person would type, so they are a 400 naming `q`, as any other bad parameter.
 */
export const MAX_NEGATIONS_IN_A_ROW = 32;

// A '-', then 32 more with no letter or digit between (the class leaves '-' out: no backtracking).
const TOO_MANY_NEGATIONS = new RegExp(`-(?:[^\\p{L}\\p{N}-]*-){${MAX_NEGATIONS_IN_A_ROW}}`, 'u');
const MESSAGE = `q: at most ${MAX_NEGATIONS_IN_A_ROW} '-' in a row`;

/** Refuses free text the text search cannot parse (400 'q: …'). */
export function checkSearchText(q: string | undefined): void {
  if (q !== undefined && TOO_MANY_NEGATIONS.test(q)) throw httpError(400, MESSAGE);
}

/** PostgreSQL's error for a query whose operators outgrew the parser's stack. */
const isTsqueryStackError = (error: unknown) =>
  error instanceof Error && /tsquery stack too small/i.test(error.message);

/**
 * Runs a search, turning a bad cursor into a 400 and, should some other spelling still outgrow
 * the text parser's stack, that error too (400 'q: …', never a 500).
 */
export async function withSearchErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await withCursorErrors(work);
  } catch (error) {
    if (isTsqueryStackError(error)) throw httpError(400, MESSAGE);
    throw error;
  }
}
