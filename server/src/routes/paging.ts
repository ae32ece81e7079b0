import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { httpError } from '../auth/access';
import { BadCursor, type SortOrder } from '../db/repositories/paging';

/** The response headers of a paged list (exposed to other origins). */
export const TOTAL_HEADER = 'X-Total-Count';
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

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
  'Without limit, offset or cursor the answer is the whole list (as the spec has it). ' +
  `With them it is one page: \`limit\` rows (at most ${MAX_PAGE}) after \`offset\` rows. ` +
  `The total of rows matching the filter is in the \`${TOTAL_HEADER}\` response header.`;

/** Sets the paging headers. */
export function sendPageHeaders(
  reply: FastifyReply,
  page: { total: number; nextCursor: string | null },
): void {
  reply.header(TOTAL_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  reply.header('access-control-expose-headers', `${TOTAL_HEADER}, ${NEXT_CURSOR_HEADER}`);
}

/** Runs a repository call, turning a bad cursor into a 400. */
export async function withCursorErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BadCursor) throw httpError(400, error.message);
    throw error;
  }
}

/**
 * A catalogue answer from the catalogue cache (at most 1 s old, cleared by writes), kept
 * already serialized by the route's response schema, so a hit costs no query and no
 * serialization. `load` answers the body and, for pages, the paging headers.
 */
export async function sendCatalogue(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  load: () => Promise<{ body: unknown; page?: { total: number; nextCursor: string | null } }>,
): Promise<FastifyReply> {
  const answer = await app.repos.catalogueCache.get(key, async () => {
    const { body, page } = await load();
    return { json: reply.serialize(body) as string, page };
  });
  if (answer.page) sendPageHeaders(reply, answer.page);
  // A string with a JSON content type is sent as it is.
  return reply.type('application/json; charset=utf-8').send(answer.json);
}
