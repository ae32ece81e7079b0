import negotiate from '@fastify/accept-negotiator';
import { Type, type TSchema } from '@sinclair/typebox';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
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

/**
 * Sets the paging headers. A cross-origin request (one with an `Origin`: a web app served from
 * another origin than `API_ORIGIN`) is also told it may read them; a same-origin one needs no
 * such header.
 */
export function sendPageHeaders(
  reply: FastifyReply,
  page: { total: number; nextCursor: string | null },
): void {
  reply.header(TOTAL_HEADER, String(page.total));
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  if (reply.request.headers.origin !== undefined) {
    reply.header('access-control-expose-headers', `${TOTAL_HEADER}, ${NEXT_CURSOR_HEADER}`);
  }
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

/** Catalogue answers at least this long (bytes) are sent compressed to a client that accepts it. */
export const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A cached catalogue answer: its JSON, and its compressed forms made on first demand. */
interface CatalogueAnswer {
  json: Buffer;
  page?: { total: number; nextCursor: string | null };
  compressing: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The compressed forms that are ready (sent without waiting). */
  compressed: Partial<Record<Encoding, Buffer>>;
}

/**
 * The encoding to send for an `Accept-Encoding` value. Browsers send a handful of distinct
 * values, so the answers are remembered (a few hundred at most: a caller cannot grow the map).
 */
const negotiated = new Map<string, Encoding | null>();
function chooseEncoding(accepted: string): Encoding | null {
  let choice = negotiated.get(accepted);
  if (choice === undefined) {
    choice = negotiate(accepted, ENCODINGS);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(accepted, choice);
  }
  return choice;
}

function compress(answer: CatalogueAnswer, encoding: Encoding): Promise<Buffer> {
  answer.compressing[encoding] ??=
    encoding === 'br'
      ? brotli(answer.json, {
          params: {
            // Quality 5: a few hundred microseconds for a page of cars, made at most once a
            // second per answer; most of quality 11's saving on JSON this size.
            [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.json.length,
          },
        })
      : gzipAsync(answer.json);
  return answer.compressing[encoding].then((buffer) => (answer.compressed[encoding] = buffer));
}

/**
 * A catalogue answer from the catalogue cache (at most 1 s old, cleared by writes), kept
 * already serialized by the route's response schema, so a hit costs no query and no
 * serialization. `load` answers the body and, for pages, the paging headers.
 *
 * An answer of 1 KB or more goes compressed (Brotli, else gzip) to a client whose
 * `Accept-Encoding` allows it, as every browser's does: a page of 24 cars shrinks from about
 * 14 KB to 2 KB. Each compressed form is made once per cached answer and kept with it.
 */
export async function sendCatalogue(
  app: FastifyInstance,
  reply: FastifyReply,
  key: string,
  load: () => Promise<{ body: unknown; page?: { total: number; nextCursor: string | null } }>,
): Promise<FastifyReply> {
  const answer = await app.repos.catalogueCache.get<CatalogueAnswer>(key, async () => {
    const { body, page } = await load();
    const json = Buffer.from(reply.serialize(body) as string);
    return { json, page, compressing: {}, compressed: {} };
  });
  if (answer.page) sendPageHeaders(reply, answer.page);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const accepted = reply.request.headers['accept-encoding'];
  const encoding =
    accepted && answer.json.length >= COMPRESS_FROM_BYTES ? chooseEncoding(accepted) : null;
  if (!encoding) return reply.send(answer.json);
  const body = answer.compressed[encoding] ?? (await compress(answer, encoding));
  return reply.header('content-encoding', encoding).send(body);
}
