/**
 * Catalogue answers from the catalogue cache, kept serialized and compressed: a hit costs no
 * query, no serialization and no compression.
 */
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { sendPageHeaders, type PageHeaders } from '../http/page-headers';

/** Catalogue answers at least this long (bytes) are sent compressed to a client that accepts it. */
export const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A cached catalogue answer: its JSON, and its compressed forms made on first demand. */
interface CatalogueAnswer {
  json: Buffer;
  page?: PageHeaders;
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
  load: () => Promise<{ body: unknown; page?: PageHeaders }>,
): Promise<FastifyReply> {
  const answer = await app.catalogueCache.get<CatalogueAnswer>(key, async () => {
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
