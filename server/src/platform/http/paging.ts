import { Type, type TSchema } from '@sinclair/typebox';
import { httpError } from './errors';
import { TOTAL_HEADER } from './page-headers';
import { BadCursor, type SortOrder } from '../db/paging';

/** The largest page. */
export const MAX_PAGE = 100;
export const MAX_OFFSET = 1_000_000;

/**
 * An integer in the query string. Query values arrive as text (the app does not coerce
 * types), so the schema accepts digits; the generated client may pass a number.
 */
export function QueryInteger(minimum: number, maximum: number, description: string): TSchema {
  return Type.Union(
    [Type.Integer({ minimum, maximum }), Type.String({ pattern: '^[0-9]{1,7}$' })],
    { description: `${description} (an integer from ${minimum} to ${maximum})` },
  );
}

/** Reads a QueryInteger's value; a number out of range is a 400 naming the field. */
export function queryInteger(
  field: string,
  value: unknown,
  minimum: number,
  maximum: number,
): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number) || number < minimum || number > maximum) {
    throw httpError(400, `${field}: must be an integer from ${minimum} to ${maximum}`);
  }
  return number;
}

/**
 * A sorted list's query as its repository takes it: the limit and offset read (out of range: 400),
 * the sort field and order with the list's defaults.
 */
export function sortedPage<S extends string>(
  query: { limit?: unknown; offset?: unknown; sort?: S; order?: SortOrder },
  sort: S,
  order: SortOrder,
) {
  return {
    limit: queryInteger('limit', query.limit, 1, MAX_PAGE),
    offset: queryInteger('offset', query.offset, 0, MAX_OFFSET),
    sort: query.sort ?? sort,
    order: query.order ?? order,
  };
}

export function Sort<T extends string>(fields: readonly T[], byDefault: string) {
  return Type.Union(
    fields.map((field) => Type.Literal(field)),
    { description: `the field to sort by: ${fields.join(', ')} (default ${byDefault})` },
  );
}

export function Order(byDefault: SortOrder) {
  return Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
    description: `asc or desc (default ${byDefault}); ties are broken by _id in the same direction`,
  });
}

export const PAGING_DESCRIPTION =
  'Without limit, offset or cursor the answer is the whole list (as it always was). ' +
  `With them it is one page: \`limit\` rows (at most ${MAX_PAGE}) after \`offset\` rows. ` +
  `The total of rows matching the filter is in the \`${TOTAL_HEADER}\` response header.`;

/** Runs a repository call, turning a bad cursor into a 400. */
export async function withCursorErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BadCursor) throw httpError(400, error.message);
    throw error;
  }
}
